/**
 * The least and greatest of many numbers, read one by one: `Math.min(...values)`
 * passes one argument per value, and a call takes so many no more (a page of
 * 200,000 text items, each its own line, overflowed the stack). The answers
 * are `Math.min`'s and `Math.max`'s: `Infinity` and `-Infinity` for none, `NaN`
 * when any value is.
 *
 * @module
 */

/** The least of `values`, as `Math.min(...values)`. */
export function least(values: Iterable<number>): number {
  let out = Infinity;
  for (const value of values) out = Math.min(out, value);
  return out;
}

/** The greatest of `values`, as `Math.max(...values)`. */
export function greatest(values: Iterable<number>): number {
  let out = -Infinity;
  for (const value of values) out = Math.max(out, value);
  return out;
}
