import assert from "node:assert/strict";
import { FeeHistory, MAX_FEE_BLOCKS } from "../../../../lib/local/solana/fee_history.ts";

Deno.test("FeeHistory.recent() takes each block's minimum, raised to the listed accounts' minimums", () => {
  const history = new FeeHistory();
  history.record(10n, 500n, ["payer", "pool"]);
  history.record(10n, 0n, ["other"]);
  history.record(10n, 2_000n, ["pool"]);
  history.record(11n, 300n, ["pool"]);
  assert.deepEqual(history.recent([]), [
    { slot: 10n, prioritizationFee: 0n },
    { slot: 11n, prioritizationFee: 300n },
  ]);
  assert.deepEqual(history.recent(["pool"]), [
    { slot: 10n, prioritizationFee: 500n },
    { slot: 11n, prioritizationFee: 300n },
  ]);
  assert.deepEqual(history.recent(["other", "payer"]).map((entry) => entry.prioritizationFee), [500n, 300n]);
  assert.deepEqual(history.recent(["nobody"]).map((entry) => entry.prioritizationFee), [0n, 300n]);
});

Deno.test("FeeHistory keeps only the last 150 blocks", () => {
  const history = new FeeHistory();
  for (let slot = 1n; slot <= 200n; slot++) history.record(slot, slot, []);
  const recent = history.recent([]);
  assert.equal(recent.length, MAX_FEE_BLOCKS);
  assert.equal(recent[0]?.slot, 51n);
  assert.equal(recent.at(-1)?.slot, 200n);
});
