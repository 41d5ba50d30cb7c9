import assert from "node:assert/strict";
import {
  compileLocalContracts,
  loadLocalContracts,
  toArtifact,
} from "../../../../lib/local/evm/contracts.ts";

Deno.test("contracts.json is exactly what solc makes of the Solidity sources today", async () => {
  const compiled = toArtifact(await compileLocalContracts());
  const loaded = toArtifact(await loadLocalContracts());
  assert.deepEqual(loaded, compiled, "contracts.json is stale: run `deno task build:contracts`");
  assert.ok(loaded.usdc.runtimeBytecode.length > 1000);
  assert.ok("minter" in loaded.usdc.slots);
});
