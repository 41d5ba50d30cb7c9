/**
 * `deno run -A bench/module_rss.ts`: what loading each part of the service
 * costs in resident memory, to tell what an idle service holds and why. Each
 * module set is imported in a fresh process (after a full garbage collection
 * the process's VmRSS is read before and after): once alone, and once in the
 * order the service loads them, where a set costs only what the earlier ones
 * did not already bring. The figures move by 1–2 MB from run to run, and a
 * set's cost depends on what came before it (shared dependencies, heap pages).
 *
 * Prints figures; asserts nothing.
 *
 * @module
 */

/** Module sets, in the order a local-mode service loads them at start (later ones load on first use). */
const SETS: ReadonlyArray<readonly [label: string, specifiers: readonly string[]]> = [
  ["hono", ["hono"]],
  ["zod", ["zod"]],
  ["x402 resource server (@x402/core)", ["@x402/core/server"]],
  [
    "kit's RPC, address and error packages (local mode; devnet mode: with the first 402)",
    ["@solana/addresses", "@solana/codecs-strings", "@solana/errors", "@solana/rpc"],
  ],
  ["route files (declarations)", ["./routes/_manifest.ts"]],
  ["app: registry, HTTP and MCP adapters", ["./app.ts"]],
  ["runtime", ["./lib/server/runtime.ts"]],
  ["local: all of @solana/kit", ["@solana/kit"]],
  ["local: LiteSVM", ["litesvm"]],
  ["local: embedded Solana chain", ["./lib/local/solana/local_solana.ts"]],
  ["local: x402 SVM facilitator", ["@x402/svm/exact/facilitator"]],
  ["local: EVM keys (secp256k1, keccak)", ["@noble/curves/secp256k1", "@noble/hashes/sha3"]],
  ["local: the rest of local mode", ["./lib/server/modes/local_mode.ts"]],
  ["first 402: x402 SVM server scheme", ["@x402/svm/exact/server"]],
  ["first /alt 402: x402 EVM server scheme, and viem under it", ["@x402/evm/exact/server", "viem"]],
  ["first EVM payment: x402 EVM facilitator scheme, viem's accounts", [
    "@x402/evm/exact/facilitator",
    "viem/accounts",
  ]],
  ["first simulate request: transaction decoder", ["./lib/solana/transaction/serialized.ts"]],
  ["first paid call: transaction diagnosis", [
    "./lib/solana/transaction/explain.ts",
    "./lib/solana/transaction/simulate.ts",
  ]],
  ["first paid call: token inspection", ["./lib/solana/token/inspect.ts", "./lib/solana/token/risk.ts"]],
  ["first 402 page payment: transaction builder", ["./lib/payments/svm_transaction.ts"]],
  ["first normalisation: the audio normaliser", ["./lib/audio/normalize.ts"]],
];

/** Runs in the child: imports each group of specifiers in turn, printing VmRSS (MB) before and after each. */
const CHILD = `
const gc = globalThis.gc;
const rss = () => Number(Deno.readTextFileSync("/proc/self/status").match(/VmRSS:\\s+(\\d+)/)[1]) / 1024;
const settle = async () => { for (let i = 0; i < 3; i++) { gc(); await new Promise((r) => setTimeout(r, 100)); } };
await settle();
const figures = [rss()];
for (const group of JSON.parse(Deno.args[0])) {
  for (const specifier of group) await import(specifier);
  await settle();
  figures.push(rss());
}
console.log(JSON.stringify(figures));
`;

const ROOT = new URL("..", import.meta.url);

/** VmRSS in MB of a fresh process before any import, then after each group of `groups`. */
async function measure(groups: readonly (readonly string[])[]): Promise<number[]> {
  const script = await Deno.makeTempFile({ dir: ROOT.pathname, prefix: ".module_rss_", suffix: ".ts" });
  try {
    await Deno.writeTextFile(script, CHILD);
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--v8-flags=--expose-gc", script, JSON.stringify(groups)],
      cwd: ROOT,
      stdout: "piped",
      stderr: "inherit",
    }).output();
    if (!output.success) throw new Error(`measuring ${JSON.stringify(groups)} failed`);
    return JSON.parse(new TextDecoder().decode(output.stdout));
  } finally {
    await Deno.remove(script);
  }
}

const mb = (value: number) => value.toFixed(1);
const delta = (value: number) => `${value < 0 ? "−" : "+"}${Math.abs(value).toFixed(1)}`;

if (import.meta.main) {
  const inOrder = await measure(SETS.map(([, specifiers]) => specifiers));
  console.log(`Resident memory of a fresh Deno process: ${mb(inOrder[0]!)} MB`);
  console.log("| module set | alone, MB | in load order, MB | total after it, MB |");
  console.log("|---|---|---|---|");
  for (const [i, [label, specifiers]] of SETS.entries()) {
    const [before, after] = await measure([specifiers]);
    const total = inOrder[i + 1]!;
    console.log(`| ${label} | ${delta(after! - before!)} | ${delta(total - inOrder[i]!)} | ${mb(total)} |`);
  }
}
