/**
 * The measure of a page whose prose fills no line. Whether a line had room
 * for the next line's first word (a paragraph's end where a producer leaves
 * no space between paragraphs, AbiWord's) is judged against the right edge
 * the page's prose reaches; on a page of listings, headings and short
 * paragraphs that edge is a short line's end, and the line seems full: a
 * listing after a paragraph ending in inline code (a link's name) was taken
 * for the code wrapped from it. There the document's body column measures.
 * Not where the page's prose lines end together (justified, the last page of
 * a document set in two columns holding its left column only): that edge is
 * the column's own, however short of the body's it ends.
 *
 * @module
 */
import { isCodeLine } from "./draft.ts";
import { proseEdgeAt } from "./hyphen_only_rows.ts";
import type { Line } from "./types.ts";
import { least } from "./extremes.ts";

/** Share of the body column's width a line of prose may end short of its right edge and be full. */
const FULL_LINE_SHORTFALL = 0.15;

/**
 * `measure` (the page's own), or, on a page set in one column (`single`,
 * its measure as `singleColumnMeasure` finds it) where no line of prose
 * ends within {@linkcode FULL_LINE_SHORTFALL} of the body column's right
 * edge `bodyRight`, that edge.
 */
export function sparsePageMeasure(
  lines: readonly Line[],
  single: number | undefined,
  measure: number | undefined,
  bodyRight: number | undefined,
): number | undefined {
  if (single === undefined || bodyRight === undefined || lines.length === 0) return measure;
  const left = least(lines.map((l) => l.x0));
  const full = bodyRight - (bodyRight - left) * FULL_LINE_SHORTFALL;
  if (lines.some((l) => l.x1 >= full && !isCodeLine(l))) return measure;
  // Prose lines ending level (justified: see `proseEdgeAt`) set the column's own edge.
  if (proseEdgeAt(undefined, lines, isCodeLine) !== undefined) return measure;
  return Math.max(measure ?? -Infinity, bodyRight);
}
