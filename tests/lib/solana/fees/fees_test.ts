import assert from "node:assert/strict";
import {
  priorityFeeLamports,
  priorityFeeLevels,
  summariseFees,
} from "../../../../lib/solana/fees/priority_fees.ts";
import { quantiles } from "../../../../lib/solana/fees/quantiles.ts";

Deno.test("priorityFeeLamports() charges ceil(price × limit / 1e6)", () => {
  assert.equal(priorityFeeLamports(1_000_000, 100_000), 100_000);
  assert.equal(priorityFeeLamports(1, 200_000), 1); // 0.2 rounds up
  assert.equal(priorityFeeLamports(0, 1_400_000), 0);
  assert.equal(priorityFeeLamports(5_000_001, 1), 6);
});

Deno.test("priorityFeeLamports() stays exact beyond 2^53 intermediate products", () => {
  // 9,007,199,254 × 1,400,000 = 12,610,078,955,600,000 (> 2^53); / 1e6 = 12,610,078,955.6 → 12,610,078,956
  assert.equal(priorityFeeLamports(9_007_199_254, 1_400_000), 12_610_078_956);
  assert.equal(priorityFeeLamports(1e12, 1_400_000), 1_400_000_000_000);
});

Deno.test("priorityFeeLevels() maps low/medium/high/veryHigh to p25/p50/p75/p95", () => {
  const q = quantiles(Array.from({ length: 100 }, (_, i) => (i + 1) * 10));
  assert.deepEqual(priorityFeeLevels(q), { low: 250, medium: 500, high: 750, veryHigh: 950 });
});

Deno.test("summariseFees() states sample size, slot range and zero-fee share", () => {
  const series = [
    { slot: 105, prioritizationFee: 0 },
    { slot: 101, prioritizationFee: 300 },
    { slot: 102, prioritizationFee: 0 },
    { slot: 103, prioritizationFee: 1000 },
    { slot: 104, prioritizationFee: 20 },
    { slot: 106, prioritizationFee: 0 },
  ];
  const view = summariseFees(series, 300_000);
  assert.equal(view.slots, 6);
  assert.equal(view.firstSlot, 101);
  assert.equal(view.lastSlot, 106);
  assert.equal(view.zeroFeeSlots, 3);
  assert.equal(view.zeroFeeShare, 0.5);
  // sorted: 0 0 0 20 300 1000 → ranks p25→2, p50→3, p75→5, p95→6
  assert.deepEqual(view.levels, { low: 0, medium: 0, high: 300, veryHigh: 1000 });
  assert.deepEqual(view.priorityFeeLamports, { low: 0, medium: 0, high: 90, veryHigh: 300 });
  assert.equal(summariseFees(series).priorityFeeLamports, null);
});

Deno.test("summariseFees() rounds the zero-fee share to 4 decimals", () => {
  const series = [0, 1, 2].map((fee, slot) => ({ slot, prioritizationFee: fee }));
  assert.equal(summariseFees(series).zeroFeeShare, 0.3333);
});
