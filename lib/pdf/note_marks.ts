/**
 * Notes marked with an asterisk: a README writes `strikethrough*` in a line
 * and `* Not widely supported` under it. The second line opens with the same
 * character a bulleted item does, so without this test it would be read as a
 * one-item list glued to nothing. So does a footnote TeX sets at the foot of
 * the page under its rule, in a smaller size than the text above it, for an
 * author marked `∗` in the title block (LaTeX's `\thanks`): read as an item
 * it would join the list the page's text ends in.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import type { Line } from "./types.ts";

/** A word the text marks with an asterisk for a note (`no*`, `strikethrough*`). */
const ASTERISK_MARK = /[\p{L}\p{N})]\*(?![\p{L}\p{N}*])/u;

/** The asterisks a note opens with: typed, or TeX's mathematical one (`\ast`, which `\thanks` prints). */
const NOTE_ASTERISKS = ["*", "∗"];

/** Largest share of the size of the text above it a note is set at: TeX sets notes at 8 points under 10. */
const NOTE_SIZE = 0.9;

/**
 * True when a line opening with an asterisk is a note, not a list's item:
 * the note the paragraph just before it marks with a typed one (`no* bugs!`
 * then `* may contain some bugs`), outside a list, after text whose word
 * carries the asterisk; or a footnote set smaller than the paragraph or item
 * just before it (see the module notes). It opens a paragraph of its own,
 * even where paragraphs have no space between them.
 */
export function footnoteAfterMark(line: Line, last: Draft | undefined): boolean {
  const opener = line.spans.find((s) => s.text.trim())?.text.trimStart()[0] ?? "";
  if (!NOTE_ASTERISKS.includes(opener) || (last?.kind !== "text" && last?.kind !== "list_item")) return false;
  if (line.size <= last.lines.at(-1)!.size * NOTE_SIZE) return true;
  return last.kind === "text" && opener === "*" &&
    last.lines.some((l) => ASTERISK_MARK.test(plainLineText(l)));
}
