/**
 * A Raydium AMM v4 swap that failed for want of tokens says how many were
 * missing: its `ray_log` states the amount in and the source account's
 * balance, on recorded mainnet failures of March 2024 replayed through
 * explain over a loopback RPC stub.
 *
 * @module
 */
import assert from "node:assert/strict";
import { loadCorpus, replayCorpus } from "./_corpus.ts";

const RAYDIUM_INSUFFICIENT =
  "Program 675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 failed: custom program error: 0x28";
const cases = loadCorpus().filter((entry) =>
  ((entry.response.meta as { logMessages?: string[] }).logMessages ?? []).includes(RAYDIUM_INSUFFICIENT)
);
const scored = await replayCorpus(cases);

Deno.test("swap shortfall: a wrapped-SOL swap names the account, the mint and the lamports missing", () => {
  const found = scored.find((s) => s.id.startsWith("2jSpPNoy"));
  assert.ok(found);
  // ray_log (SwapBaseIn): amount_in 6000000000, user_source 5989149184 → 10850816 missing. The swap's
  // third account from the end, 9opRkR…, holds exactly 5989149184 wrapped SOL in the recorded balances.
  assert.deepEqual(
    [found.result.failureClass, found.result.retryable, found.result.nextAction.action],
    ["insufficient_funds", false, "add_funds"],
  );
  assert.equal(found.result.nextAction.tokenAmountMissing, "10850816");
  assert.equal(found.result.nextAction.account, "9opRkRUDhrHVyzvZKoHCYYakHSVPuCDF6wAKMUGyycux");
  assert.equal(found.result.nextAction.mint, "So11111111111111111111111111111111111111112");
  assert.match(found.result.nextAction.reason, /holds 5989149184 .* needs 6000000000/);
});

Deno.test("swap shortfall: every recorded Raydium insufficient-funds failure says how much is missing", () => {
  assert.ok(scored.length >= 6, `${scored.length} cases`);
  const without = scored.filter((s) => !/^[1-9]\d*$/.test(s.result.nextAction.tokenAmountMissing ?? ""));
  assert.deepEqual(without.map((s) => s.id), []);
});
