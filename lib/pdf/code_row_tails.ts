/**
 * Pieces of one row of code, for the gutter search. A listing's row set
 * with runs of spaces (a benchmark's aligned figures) is drawn as several
 * lines on one baseline, its last piece a couple of character cells after
 * the one before. A gutter between the two pieces would read the tail as the
 * right column's line and pair it with that column's rows (a table of one
 * listing's ends beside the prose); the row is judged by its own column, the
 * one it starts in, and a gutter between its pieces crosses it.
 *
 * @module
 */
import { codeRowsApart } from "./code_row_seams.ts";
import { whollyMonospace } from "./fonts.ts";
import type { Line } from "./types.ts";

/** Widest space, in the piece's ems, between two pieces of one row of code (a gutter is wider). */
const ROW_GAP_EM = 1.5;

/** True when a line's text is all set in a monospace font. */
function allCode(line: Line): boolean {
  return line.spans.some((s) => s.text.trim()) && whollyMonospace(line);
}

/**
 * For each line of code that goes on a row of code begun to its left (same
 * baseline, each piece within {@linkcode ROW_GAP_EM} of the one before and
 * on its character grid: `codeRowsApart`), by
 * index into `lines`, the left edge of the row's first piece.
 */
export function codeRowTails(lines: readonly Line[]): Map<number, number> {
  const tails = new Map<number, number>();
  const code = lines.map((line, i) => ({ line, i })).filter(({ line }) => allCode(line));
  code.sort((a, b) => a.line.y - b.line.y || a.line.x0 - b.line.x0);
  let rowStart = Infinity;
  code.forEach(({ line, i }, k) => {
    const prev = code[k - 1]?.line;
    const goesOn = prev !== undefined && Math.abs(prev.y - line.y) <= 0.5 && line.x0 >= prev.x1 - 0.5 &&
      line.x0 - prev.x1 <= line.size * ROW_GAP_EM && !codeRowsApart(prev.spans.at(-1)!, line.spans[0]!);
    if (goesOn) tails.set(i, rowStart);
    else rowStart = line.x0;
  });
  return tails;
}
