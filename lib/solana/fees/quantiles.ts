/**
 * Order statistics over a sample of numbers, by the nearest-rank method: every
 * reported value is a value that was actually observed, never an interpolation.
 *
 * @module
 */

/** Minimum, maximum and the 25th, 50th, 75th, 90th, 95th and 99th percentiles of a sample. */
export interface Quantiles {
  min: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * The nearest-rank percentile of an ascending sample: the smallest observed
 * value such that at least `percentile` % of the sample is at or below it.
 * Percentile 0 is the minimum.
 *
 * @param sorted A non-empty sample sorted ascending.
 * @param percentile From 0 to 100.
 * @returns An element of `sorted`.
 * @throws {RangeError} When the sample is empty or the percentile is out of range.
 *
 * @example The median of five values
 * ```ts
 * percentileOf([0, 10, 20, 30, 40], 50); // 20 (rank ceil(0.5 × 5) = 3)
 * ```
 */
export function percentileOf(sorted: readonly number[], percentile: number): number {
  if (sorted.length === 0) throw new RangeError("Cannot take a percentile of an empty sample");
  if (!(percentile >= 0 && percentile <= 100)) {
    throw new RangeError(`Invalid percentile "${percentile}": expected 0 to 100`);
  }
  const rank = Math.max(1, Math.ceil((percentile / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/**
 * Summarises a sample as min, p25, p50, p75, p90, p95, p99 and max
 * (nearest-rank, see {@linkcode percentileOf}). The input need not be sorted
 * and is not modified.
 *
 * @throws {RangeError} When the sample is empty or holds a non-finite number.
 *
 * @example Quantiles of per-slot fees
 * ```ts
 * const q = quantiles([0, 0, 100, 1000, 5000]);
 * q.p50; // 100
 * q.max; // 5000
 * ```
 */
export function quantiles(values: readonly number[]): Quantiles {
  if (values.some((value) => !Number.isFinite(value))) {
    throw new RangeError("Cannot take quantiles of a sample with non-finite values");
  }
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: percentileOf(sorted, 0),
    p25: percentileOf(sorted, 25),
    p50: percentileOf(sorted, 50),
    p75: percentileOf(sorted, 75),
    p90: percentileOf(sorted, 90),
    p95: percentileOf(sorted, 95),
    p99: percentileOf(sorted, 99),
    max: sorted[sorted.length - 1]!,
  };
}
