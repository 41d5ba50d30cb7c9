/**
 * Notes marked with an asterisk: a README writes `strikethrough*` in a line
 * and `* Not widely supported` under it. The second line opens with the same
 * character a bulleted item does, so without this test it would be read as a
 * one-item list glued to nothing.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import type { Line } from "./types.ts";

/** A word the text marks with an asterisk for a note (`no*`, `strikethrough*`). */
const ASTERISK_MARK = /[\p{L}\p{N})]\*(?![\p{L}\p{N}*])/u;

/**
 * True when a line opening with a typed asterisk is the note the paragraph
 * just before it marks with one (`no* bugs!` then `* may contain some
 * bugs`), not a list's item: outside a list, after text whose word carries
 * the asterisk. It opens a paragraph of its own, even where paragraphs have
 * no space between them.
 */
export function footnoteAfterMark(line: Line, last: Draft | undefined): boolean {
  if (last?.kind !== "text" || !line.spans[0]?.text.trimStart().startsWith("*")) return false;
  return last.lines.some((l) => ASTERISK_MARK.test(plainLineText(l)));
}
