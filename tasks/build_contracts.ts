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
  console.log(`Wrote ${CONTRACTS_ARTIFACT.pathname} (compiled in ${Math.round(contracts.compileMs)} ms)`);
}
