import assert from "node:assert/strict";
import { percentileOf, quantiles } from "../../../../lib/solana/fees/quantiles.ts";

Deno.test("percentileOf() picks the nearest-rank element, never an interpolation", () => {
  const sorted = [10, 20, 30, 40];
  assert.equal(percentileOf(sorted, 0), 10);
  assert.equal(percentileOf(sorted, 25), 10); // rank ceil(1.00) = 1
  assert.equal(percentileOf(sorted, 26), 20); // rank ceil(1.04) = 2
  assert.equal(percentileOf(sorted, 50), 20); // rank 2
  assert.equal(percentileOf(sorted, 75), 30); // rank 3
  assert.equal(percentileOf(sorted, 100), 40);
});

Deno.test("percentileOf() rejects an empty sample and out-of-range percentiles", () => {
  assert.throws(() => percentileOf([], 50), RangeError);
  assert.throws(() => percentileOf([1], -1), /Invalid percentile "-1"/);
  assert.throws(() => percentileOf([1], 101), RangeError);
  assert.throws(() => percentileOf([1], Number.NaN), RangeError);
});

Deno.test("quantiles() of 1..100 returns each percentile's own value", () => {
  const values = Array.from({ length: 100 }, (_, i) => 100 - i); // descending on purpose
  assert.deepEqual(quantiles(values), {
    min: 1,
    p25: 25,
    p50: 50,
    p75: 75,
    p90: 90,
    p95: 95,
    p99: 99,
    max: 100,
  });
  assert.equal(values[0], 100, "the input is left unsorted");
});

Deno.test("quantiles() of a small sample with zeros rounds ranks up", () => {
  // n = 7: ranks p25→2, p50→4, p75→6, p90→7, p95→7, p99→7
  assert.deepEqual(quantiles([0, 5000, 0, 100, 1000, 0, 250]), {
    min: 0,
    p25: 0,
    p50: 100,
    p75: 1000,
    p90: 5000,
    p95: 5000,
    p99: 5000,
    max: 5000,
  });
});

Deno.test("quantiles() of a single value is that value everywhere", () => {
  const q = quantiles([42]);
  assert.ok(Object.values(q).every((v) => v === 42));
});

Deno.test("quantiles() rejects empty and non-finite samples", () => {
  assert.throws(() => quantiles([]), /empty sample/);
  assert.throws(() => quantiles([1, Number.POSITIVE_INFINITY]), /non-finite/);
});
