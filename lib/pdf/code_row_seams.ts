/**
 * Two rows of code that meet on one baseline without being one row: on a
 * page of two columns a listing's row too long for the left column runs over
 * the gutter up to the right column's listing row beside it, a space's width
 * away or less, and the two looked like one row written out of order. A row
 * of monospaced code keeps one baseline and puts every character in a cell of
 * one width, so the space between two of its pieces is a whole number of
 * cells; the two columns' rows keep neither (each column's rows keep their own
 * step, and its listing its own left edge). Where the left row ends in a
 * space the page draws (`line_end_spaces.ts`: the engine broke it there), a
 * piece starting inside that space's cell is another row's, however well it
 * keeps the grid (two columns whose rows share a baseline).
 *
 * @module
 */
import { characterWidth } from "./fonts.ts";
import type { Span } from "./types.ts";

/** Farthest, in ems, two pieces of one row of code stand apart in height. */
const ONE_BASELINE_EM = 0.1;

/** Share of a character cell the space between two pieces of one row may be off a whole number of cells. */
const OFF_GRID_CELLS = 0.2;

/**
 * True when the spans `last` (ending one line) and `next` (starting the
 * line after it on about the same baseline), both monospaced at one size,
 * are two rows of code side by side rather than one row: their baselines
 * differ by more than a tenth of an em, or the space between them is off
 * `last`'s character grid by a fifth of a cell or more.
 */
export function codeRowsApart(last: Span, next: Span): boolean {
  if (!last.font.monospace || !next.font.monospace || Math.abs(last.size - next.size) > 0.1) return false;
  if (Math.abs(last.y - next.y) > last.size * ONE_BASELINE_EM) return true;
  const cell = characterWidth(last);
  if (cell <= 0) return false;
  const cells = (next.x - (last.x + last.width)) / cell;
  // The page draws a space after `last` (`line_end_spaces.ts`): a glyph in that space's cell is another row's.
  if (last.spaceAfter && cells < 0.5) return true;
  return Math.abs(cells - Math.round(cells)) >= OFF_GRID_CELLS;
}
