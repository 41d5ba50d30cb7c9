/**
 * Deno Deploy's install step: what remote mode (devnet, mainnet) imports, and
 * nothing else. `deno install` would install the whole import map (Anvil,
 * LiteSVM, solc, the bench's and the tests' tools: 356 MB measured); this
 * first refuses a Deno older than the service needs (before the lockfile is
 * read, which older Deno fails on), then narrows the build's copy of
 * `deno.json` to {@linkcode DEPLOY_IMPORTS} and installs what `main.ts` then
 * imports from the lockfile's versions (166 MB of files), and drops what
 * no running module reads ({@linkcode pruneInstall}: 54 MB left; most of it
 * pdf.js, and viem behind the EVM rail). Local mode is refused on Deploy
 * anyway, so nothing it alone needs is missed. The PostgreSQL claim store
 * and its client are added only when the build sees `CLAIM_STORE_URL`.
 *
 * Run by `deploy.install`: `deno run --no-config --no-lock -A tasks/deploy_install.ts`.
 *
 * @module
 */
import { denoVersionRefusal } from "../lib/server/deno_version.ts";
import { pruneInstall } from "./deploy_prune.ts";

/** The import map entries remote mode's modules import (tests/tasks/deploy_install_test.ts checks the list). */
export const DEPLOY_IMPORTS: readonly string[] = [
  "hono",
  "zod",
  "@x402/core",
  "@x402/svm",
  "@x402/evm",
  "@solana/addresses",
  "@solana/codecs-strings",
  "@solana/errors",
  "@solana/kit",
  "@solana/rpc",
  "@solana/transaction-messages",
  "@solana/transactions",
  "@solana-program/token",
  "@solana-program/token-2022",
  "@solana-program/compute-budget",
  "@modelcontextprotocol/sdk",
  "@modelcontextprotocol/server",
  "@opentelemetry/api",
  "pdfjs-dist",
  "marked",
];

/**
 * The PostgreSQL claim store, loaded only when `CLAIM_STORE_URL` is set: its
 * module and the client are installed only when the build sees that setting
 * (set it in the Build context too).
 */
export const POSTGRES_CLAIMS = {
  imports: ["postgres"],
  entrypoint: "lib/payments/postgres_claims.ts",
} as const;

/** `imports` narrowed to the entries of {@linkcode DEPLOY_IMPORTS} and `extra` (with their `/` prefix forms). */
export function deployImports(
  imports: Record<string, string>,
  extra: readonly string[] = [],
): Record<string, string> {
  const kept = [...DEPLOY_IMPORTS, ...extra];
  return Object.fromEntries(Object.entries(imports).filter(([key]) => kept.includes(key.replace(/\/$/, ""))));
}

/** Bytes of every file under `path`, hard links counted once. */
export async function folderBytes(path: string): Promise<number> {
  const seen = new Set<string>();
  let bytes = 0;
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const full = `${dir}/${entry.name}`;
      const info = await Deno.lstat(full);
      if (entry.isDirectory) await walk(full);
      else if (entry.isFile && !seen.has(`${info.dev}:${info.ino}`)) {
        seen.add(`${info.dev}:${info.ino}`);
        bytes += info.size;
      }
    }
  };
  await walk(path);
  return bytes;
}

if (import.meta.main) {
  const refusal = denoVersionRefusal(Deno.version.deno);
  if (refusal) {
    console.error(refusal);
    Deno.exit(1);
  }
  const postgres = Boolean(Deno.env.get("CLAIM_STORE_URL"));
  const config = JSON.parse(await Deno.readTextFile("deno.json"));
  config.imports = deployImports(config.imports, postgres ? POSTGRES_CLAIMS.imports : []);
  await Deno.writeTextFile("deno.json", JSON.stringify(config, null, 2) + "\n");
  const { success } = await new Deno.Command(Deno.execPath(), {
    args: ["install", "--entrypoint", "main.ts", ...(postgres ? [POSTGRES_CLAIMS.entrypoint] : [])],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!success) Deno.exit(1);
  const pruned = await pruneInstall("node_modules");
  const removed = (pruned.unreadFiles + pruned.otherBuilds + pruned.pdfjsUnused) / 2 ** 20;
  console.log(`pruned: ${removed.toFixed(1)} MB never loaded (${JSON.stringify(pruned)})`);
  console.log(`node_modules: ${((await folderBytes("node_modules")) / 2 ** 20).toFixed(1)} MB`);
}
