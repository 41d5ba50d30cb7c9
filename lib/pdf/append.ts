/**
 * Lists grown and edited in place without spread calls: `target.push(...items)`
 * and `target.splice(start, count, ...items)` pass one argument per item, and a
 * call takes so many no more (past about 120,000 the engine throws
 * `RangeError: Maximum call stack size exceeded`). A page's lines, a row's
 * spans or a table's rows grow with the input, so a hostile page could reach
 * that; these helpers give the same lists item by item.
 *
 * @module
 */

/** Appends `items` to `target` in order, as `target.push(...items)`. */
export function append<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) target.push(item);
}

/**
 * Removes `count` (≥ 0) items of `target` from `start` and puts `items` in
 * their place, as `target.splice(start, count, ...items)` does (the removed
 * items are not returned). `replaceRange(target, 0, 0, items)` is
 * `target.unshift(...items)`.
 */
export function replaceRange<T>(target: T[], start: number, count: number, items: Iterable<T>): void {
  const tail = target.splice(start);
  append(target, items);
  for (let k = count; k < tail.length; k++) target.push(tail[k]!);
}
