/**
 * Things on a page looked up by baseline. Readers that pair each span with
 * what stands on its row (a drawn space ending it, a code piece glued to a
 * symbol) bucket by the baseline rounded to a point and look in the buckets
 * either side too, so a pair a rounding apart is still found.
 *
 * @module
 */

/**
 * Buckets `items` by their baseline `y` rounded to a point; the function
 * returned gives those whose rounded baseline is within one point of `y`'s.
 */
export function byBaseline<T extends { y: number }>(items: Iterable<T>): (y: number) => T[] {
  const rows = new Map<number, T[]>();
  for (const item of items) {
    const key = Math.round(item.y);
    const row = rows.get(key);
    if (row) row.push(item);
    else rows.set(key, [item]);
  }
  return (y) => {
    const key = Math.round(y);
    return [key - 1, key, key + 1].flatMap((k) => rows.get(k) ?? []);
  };
}
