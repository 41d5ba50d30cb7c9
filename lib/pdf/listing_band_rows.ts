/**
 * A listing's row in a page's margin band, which a page number's shape
 * does not make one. A listing of numbers (a table of percentiles printed
 * by a tool, `50          0`) may run down to the foot of a page or on from
 * the top of the next, its rows read apart as bare numbers where they are
 * drawn column by column; a page number is not set in the listing's face
 * in line with its columns.
 *
 * @module
 */
import type { Line, PageText } from "./types.ts";

/** Most distance, in sizes of the line, to a row of the same listing (a blank line between them and more). */
const ROW_REACH = 3;

/** True when a line's every word is set in a monospace face. */
function monospace(line: Line): boolean {
  return line.spans.every((s) => s.font.monospace || !s.text.trim());
}

/**
 * True when `line`, in a margin band (`inBand`), is set in a monospace face
 * and starts where a monospace line outside the band does, a few of its
 * sizes above or below it: a row of the listing that line is in.
 */
export function isListingRowInBand(line: Line, page: PageText, inBand: (line: Line) => boolean): boolean {
  if (!monospace(line)) return false;
  return page.lines.some((other) =>
    other !== line && !inBand(other) && monospace(other) && Math.abs(other.x0 - line.x0) <= 1 &&
    Math.abs(other.y - line.y) <= line.size * ROW_REACH
  );
}
