/**
 * Binary search over numbers in ascending order.
 *
 * @module
 */

/** Index of the first of `values` for which `reached` holds, where it holds from some index on. */
export function firstWhere(values: readonly number[], reached: (value: number) => boolean): number {
  let lo = 0, hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (reached(values[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Indexes `values` to answer, for an open interval, which of the values inside
 * it comes first in their given order: O(n log n) to build, O(log n) a query
 * (a sparse table of the earliest position over each power-of-two run of the
 * values sorted).
 */
export function firstInside(values: readonly number[]): (low: number, high: number) => number | undefined {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const sorted = order.map((i) => values[i]!);
  // earliest[k][i]: the earliest position among the 2^k sorted values from i.
  const earliest: number[][] = [order];
  for (let span = 2; span <= order.length; span *= 2) {
    const below = earliest[earliest.length - 1]!, half = span / 2;
    earliest.push(below.slice(0, order.length - span + 1).map((p, i) => Math.min(p, below[i + half]!)));
  }
  return (low, high) => {
    const from = firstWhere(sorted, (v) => v > low), to = firstWhere(sorted, (v) => v >= high);
    if (from >= to) return undefined;
    const k = Math.floor(Math.log2(to - from));
    const row = earliest[k]!;
    return values[Math.min(row[from]!, row[to - (1 << k)]!)];
  };
}
