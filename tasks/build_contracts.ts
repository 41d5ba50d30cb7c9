/**
 * `deno task build:contracts`: compiles the local EVM contracts with solc and
 * writes `lib/local/evm/contracts.json`, which local mode loads at start-up.
 * Run it after changing a `.sol` file; a test fails until you do.
 *
 * @module
 */
import { compileLocalContracts, CONTRACTS_ARTIFACT, toArtifact } from "../lib/local/evm/contracts.ts";

if (import.meta.main) {
  const contracts = await compileLocalContracts();
  await Deno.writeTextFile(CONTRACTS_ARTIFACT, JSON.stringify(toArtifact(contracts), null, 1) + "\n");
  // Formatted as the repository's `deno fmt` wants it, so `deno task check` passes after a rebuild.
  const fmt = await new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--quiet", CONTRACTS_ARTIFACT.pathname],
  })
    .output();
  if (!fmt.success) throw new Error(`deno fmt failed on ${CONTRACTS_ARTIFACT.pathname}`);
  console.log(`Wrote ${CONTRACTS_ARTIFACT.pathname} (compiled in ${Math.round(contracts.compileMs)} ms)`);
}
