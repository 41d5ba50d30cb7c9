/**
 * Whether a document's rows of code measure its listings' line step at all.
 * The step is the usual distance between two rows of code; but where every
 * listing is one source line, the only rows seen one under the other are a
 * long line's wrapped rows, which an HTML engine sets closer than the step
 * (`code_row_gaps.ts`). Taken for the step, that distance makes the blank line
 * between two statements of one listing (two steps) a fraction of a step
 * off the grid, and the listing falls apart into one block a line. A row
 * is a wrap's when it is set in from the row above, or stands level with
 * the row above at an edge set-in rows hang to (a wrap's further rows); a new
 * source line goes back left to the listing's edge. Where every row at the
 * usual distance is a wrap's and too few others were seen to measure a step
 * of their own, the rows measured none of the step, and the prose's
 * proportion stands in for it.
 *
 * @module
 */
import type { CodeRow } from "./code_row_gaps.ts";

/** How far, in points, two left edges may stand apart and still be one. */
const EDGE_SLACK = 1;

/** How far, in points, a distance may stand from the usual one and still be it. */
const SAME_DISTANCE = 0.4;

/** Fewest rows of new source lines that measure a step of their own. */
const MIN_STEPS = 3;

/**
 * True when the rows at the usual distance `usual` are wrapped lines' further
 * rows, and too few new source lines were seen to measure the step.
 */
export function wrappedRowsOnly(rows: readonly CodeRow[], usual: number): boolean {
  const hangEdges = rows.flatMap((row) => row.dx > EDGE_SLACK && row.x !== undefined ? [row.x] : []);
  const wraps = (row: CodeRow) =>
    row.dx > EDGE_SLACK ||
    (row.dx >= -EDGE_SLACK && row.x !== undefined &&
      hangEdges.some((x) => Math.abs(x - row.x!) <= EDGE_SLACK));
  const atUsual = rows.filter((row) => Math.abs(row.dy - usual) <= SAME_DISTANCE);
  return atUsual.length > 0 && atUsual.every(wraps) && rows.filter((row) => !wraps(row)).length < MIN_STEPS;
}
