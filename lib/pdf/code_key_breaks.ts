/**
 * A wrapped row of compact JSON broken after a key's colon. An engine's
 * line breaking (UAX #14) may break between a quoted key's colon and the
 * number or word after it (`"pid":` `657`), where the source has no space:
 * a log line printed as JSON (`{"level":30,"pid":657}`) is one long token.
 * Broken at a space instead, the row would end in the same colon; what
 * tells is the row's own style: where it sets another key's value right
 * after its colon (`"level":30`), the writer puts no space there.
 *
 * @module
 */

/** A row ending in a quoted key and its colon (`…,"pid":`). */
const KEY_END = /"[^"\s]*":$/;

/** A quoted key whose value follows its colon with no space (`"level":30`, `"msg":"hi"`). */
const COMPACT_KEY = /"[^"\s]*":[^\s]/;

/**
 * True when wrapped row `row`, ending in a quoted key's colon, broke inside
 * compact JSON: another key on the row has its value right after its colon,
 * and `rest` opens with the value (a number or a bare word: a quote is no
 * place to break before).
 */
export function brokenAfterCompactKey(row: string, rest: string): boolean {
  return KEY_END.test(row) && /^[\w-]/.test(rest) && COMPACT_KEY.test(row);
}
