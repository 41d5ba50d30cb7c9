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
  const earliest = rangeTable(order, Math.min);
  return (low, high) => {
    const from = firstWhere(sorted, (v) => v > low), to = firstWhere(sorted, (v) => v >= high);
    return from >= to ? undefined : values[earliest(from, to)];
  };
}

/**
 * A sparse table over `values`: `pick` (`Math.min`, `Math.max`) of each power-of-two run, so that
 * `pick` of any run `[from, to)` (not empty) is read in O(1) from two overlapping runs.
 */
function rangeTable(values: readonly number[], pick: (a: number, b: number) => number) {
  const rows: number[][] = [[...values]];
  for (let span = 2; span <= values.length; span *= 2) {
    const below = rows[rows.length - 1]!, half = span / 2;
    rows.push(below.slice(0, values.length - span + 1).map((v, i) => pick(v, below[i + half]!)));
  }
  return (from: number, to: number): number => {
    const k = Math.floor(Math.log2(to - from));
    const row = rows[k]!;
    return pick(row[from]!, row[to - (1 << k)]!);
  };
}

/** What {@linkcode extremesNear} tells of the items near a point. */
export interface NearExtremes {
  /** Items whose key lies near the point. */
  count: number;
  /** The least and greatest of their values (`NaN` when one is, or when there are none). */
  least: number;
  greatest: number;
}

/**
 * Indexes items by a key to answer, for a point, how many lie near it (`Math.abs(key - point) <= reach`)
 * and the least and greatest of their values: what a scan of every item would find, in O(log n) a query
 * after O(n log n) to build. Items whose key is not finite are never near.
 */
export function extremesNear(
  keys: readonly number[],
  values: readonly number[],
  reach: number,
): (point: number) => NearExtremes {
  const order = keys.map((_, i) => i).filter((i) => Number.isFinite(keys[i]))
    .sort((a, b) => keys[a]! - keys[b]!);
  const sorted = order.map((i) => keys[i]!);
  const least = rangeTable(order.map((i) => values[i]!), Math.min);
  const greatest = rangeTable(order.map((i) => values[i]!), Math.max);
  return (point) => {
    // `key - point` rises with the key, so the keys near the point are one run of the sorted ones.
    const from = firstWhere(sorted, (k) => k - point >= -reach),
      to = firstWhere(sorted, (k) => k - point > reach);
    if (from >= to) return { count: 0, least: NaN, greatest: NaN };
    return { count: to - from, least: least(from, to), greatest: greatest(from, to) };
  };
}
