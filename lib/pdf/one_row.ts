/**
 * Whether two lines stand on one row: their baselines at most 0.35 of the
 * smaller line's size apart. Sorting a page into rows, reading a row
 * of cells and telling a heading's row from the text beside it all ask this
 * one question, and must answer it alike.
 *
 * @module
 */
import type { Line } from "./types.ts";

/** Share of the smaller line's size two baselines of one row may stand apart. */
const ROW_SHARE = 0.35;

/** True when `a` and `b` stand on one row (see the module comment). */
export function onOneRow(a: Pick<Line, "y" | "size">, b: Pick<Line, "y" | "size">): boolean {
  return Math.abs(a.y - b.y) <= Math.min(a.size, b.size) * ROW_SHARE;
}
