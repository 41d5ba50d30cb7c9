/**
 * A wrapped row of code broken after an address's `?`, before its query
 * (`https://www.youtube.com/watch?` `v=lJ8ydIuPFeU`). An engine's line
 * breaking (UAX #14) may break after a question mark wherever the run
 * after it would not fit; an address with its scheme holds no space, so
 * the row goes on with no space, in a listing's text as in a string.
 *
 * @module
 */

/**
 * A row ending in an address with its scheme, up to its query's `?` (`…//host/watch?`). Read back from
 * the row's end (a lookbehind): matched forward, each `x://` of a long row tried to reach the end.
 */
export const ADDRESS_QUERY_END = /\?$(?<=\w:\/\/\S*\?)/;

/** True when `row` ends in an address's `?` and `rest` opens its query (`v=…`). */
export function brokenBeforeQuery(row: string, rest: string): boolean {
  return ADDRESS_QUERY_END.test(row) && /^\w/.test(rest);
}
