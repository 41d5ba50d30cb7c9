/**
 * The measure a page's lines are set to, where the page shows it plainly. A
 * paragraph of one line shows no measure of its own, so whether the next
 * line's first word would have fitted after it (a paragraph's end where a
 * producer leaves no space between paragraphs) can only be judged against
 * the page's: the right edge its prose reaches. That edge is every line's
 * only on a page set in one column; a page where two lines share a baseline
 * (columns side by side, a table's cells) or a line starts past the middle of
 * the text (a second column's, a line set flush right) gives no single measure.
 * A list marker a producer draws apart from its item's text, on the text's
 * baseline, is no line beside it.
 *
 * @module
 */
import { plainLineText } from "./inline.ts";
import { isMarkerOnly } from "./lists.ts";
import type { Line } from "./types.ts";

/** Largest baseline difference, in points, at which two lines stand side by side. */
const SAME_BASELINE = 1;

/**
 * The right edge of a page's prose when the page is set in one column, else
 * undefined.
 *
 * @param lines The page's lines in reading order.
 * @param right The furthest right any of its prose lines ends.
 */
export function singleColumnMeasure(lines: readonly Line[], right: number): number | undefined {
  if (!Number.isFinite(right) || lines.length === 0) return undefined;
  const left = Math.min(...lines.map((l) => l.x0));
  if (lines.some((l) => l.x0 > (left + right) / 2)) return undefined;
  // A list marker drawn apart from its item's text (AbiWord) stands on the text's baseline: no column.
  const ys = lines.filter((l) => !isMarkerOnly(plainLineText(l))).map((l) => l.y).sort((a, b) => a - b);
  for (let i = 1; i < ys.length; i++) if (ys[i]! - ys[i - 1]! < SAME_BASELINE) return undefined;
  return right;
}
