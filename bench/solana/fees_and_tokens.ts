/**
 * Figures for the priority-fee and token operations against the local chain
 * served over loopback HTTP: latency of a fee report uncached and cached (and
 * with 20 accounts), of a mint inspection and of a risk assessment, and the
 * RPC round trips each needs. Prints a table; asserts nothing.
 *
 * Run: `deno run -A bench/solana/fees_and_tokens.ts [iterations=200]`
 *
 * @module
 */
import { generateKeyPairSigner } from "@solana/kit";
import { percentileOf, priorityFeeReport } from "../../lib/solana/fees/mod.ts";
import { loadTokenChecks } from "../../lib/solana/token/mod.ts";
import { startLocalChain } from "../../tests/_support/local_chain.ts";
import { concentratedMint, hazardMint } from "../../tests/_support/token_mints.ts";

const { assessRisk, inspectToken } = await loadTokenChecks();
const iterations = Number(Deno.args[0] ?? 200);

await using rpc = await startLocalChain();
const builder = await rpc.builder();
const hazard = await hazardMint(builder);
const concentrated = await concentratedMint(builder);
const twenty = await Promise.all(
  Array.from({ length: 20 }, async () => (await generateKeyPairSigner()).address),
);

async function measure(name: string, job: () => Promise<unknown>): Promise<string[]> {
  for (let i = 0; i < 5; i++) await job(); // warm up
  const requests = rpc.requests;
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await job();
    times.push(performance.now() - started);
  }
  const sorted = times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return [
    name,
    mean.toFixed(2),
    percentileOf(sorted, 50).toFixed(2),
    percentileOf(sorted, 99).toFixed(2),
    ((rpc.requests - requests) / iterations).toFixed(2),
  ];
}

const rows = [
  await measure("fees, global, uncached", () => priorityFeeReport(rpc.client, {}, { cacheTtlMs: 0 })),
  await measure(
    "fees, 20 accounts, uncached",
    () => priorityFeeReport(rpc.client, { accounts: twenty, computeUnitLimit: 200_000 }, { cacheTtlMs: 0 }),
  ),
  await measure(
    "fees, 20 accounts, cached",
    () =>
      priorityFeeReport(rpc.client, { accounts: twenty, computeUnitLimit: 200_000 }, { cacheTtlMs: 60_000 }),
  ),
  await measure("inspect Token-2022 hazard mint", () => inspectToken(rpc.client, hazard.mint)),
  await measure(
    "inspect + risk, 6 holders",
    async () => assessRisk(await inspectToken(rpc.client, concentrated.mint)),
  ),
];

console.log(`${iterations} iterations each, local chain over loopback HTTP, 8 seeded fee slots`);
console.log(["case", "mean ms", "p50 ms", "p99 ms", "HTTP round trips"].join(" | "));
for (const row of rows) console.log(row.join(" | "));
