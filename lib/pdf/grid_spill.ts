/**
 * Text a ruled table lies over without holding it. A table too wide for its
 * column (a token no engine may break widens a cell) is drawn over the gutter
 * into the next column, whose lines then stand inside its last cells. A
 * cell's own text starts at its cell's left rule (a padding in) or ends at
 * its right one; a line that starts well inside a cell and runs on past the
 * grid's right edge is the next column's, and stays out of the table (else
 * the two columns' lines read as one table's rows, and the page shows no
 * gutter). A row of code too long for its column that runs on into a table
 * drawn in the next column is no cell of it either.
 *
 * @module
 */
import type { Span } from "./types.ts";

/** A table grid's column and row edges (`rulings.ts`' `Grid`), left to right and top to bottom. */
export interface GridEdges {
  xs: readonly number[];
  ys: readonly number[];
}

/** Widest space, in ems, between two words of one line (a gutter is wider). */
const WORD_GAP_EMS = 1;

/** Least distance, in ems, from its cell's left rule at which a line no longer starts as the cell's text. */
const SET_IN_EMS = 2;

/** How far, in points, a line may run past the grid's right edge and still be inside it. */
const EDGE_SLACK = 0.5;

/** Most two spans may overlap, in ems, and be words of one line (text set over text is not). */
const OVERLAP_EMS = 0.15;

/**
 * The spans in rows of one baseline, each row left to right, chained into
 * lines of words: a wider space than {@linkcode WORD_GAP_EMS}, or a span set
 * over the one before it, starts another line.
 */
function linesOf(spans: readonly Span[]): Span[][] {
  const rows: Span[][] = [];
  for (const span of [...spans].sort((a, b) => a.y - b.y)) {
    const row = rows.at(-1), first = row?.[0];
    if (row && first && Math.abs(span.y - first.y) <= Math.min(first.size, span.size) * 0.3) row.push(span);
    else rows.push([span]);
  }
  const lines: Span[][] = [];
  for (const row of rows) {
    let line: Span[] = [];
    for (const span of row.sort((a, b) => a.x - b.x)) {
      const last = line.at(-1), gap = last ? span.x - (last.x + last.width) : 0;
      if (last && (gap > span.size * WORD_GAP_EMS || gap < -span.size * OVERLAP_EMS)) {
        lines.push(line);
        line = [];
      }
      line.push(span);
    }
    lines.push(line);
  }
  return lines;
}

/** How far apart, in points, two lines' left edges may be and stand at one column edge. */
const SAME_EDGE = 1;

/**
 * The spans of `spans` (those no structure labels yet) that lie in `grid`
 * but belong to a line running out of it: starting inside one of its cells,
 * {@linkcode SET_IN_EMS} or more right of that cell's left rule, and ending
 * past the grid's right edge; or into it, from well left of its left edge
 * (a row of code too long for the column before the table's). Where such lines show the next column's left
 * edge, a line of the grid's row running on to a word at that edge (the
 * cell's text and the column's line a word space apart) is cut there first.
 */
export function spillingSpans(spans: readonly Span[], grid: GridEdges): Set<Span> {
  const left = grid.xs[0]!, right = grid.xs.at(-1)!, top = grid.ys[0]!, bottom = grid.ys.at(-1)!;
  const near = spans.filter((s) => s.y >= top && s.y - s.size <= bottom);
  const spills = (line: readonly Span[]) => {
    const first = line[0]!, last = line.at(-1)!;
    // A line from the column left of the grid running on into it (a row of code too long for its column).
    if (first.x < left - first.size && last.x + last.width > left + EDGE_SLACK) return true;
    if (first.x <= left || first.x >= right || last.x + last.width <= right + EDGE_SLACK) return false;
    return first.x - grid.xs.findLast((x) => x <= first.x)! >= first.size * SET_IN_EMS;
  };
  const lines = linesOf(near);
  const edges = lines.filter((line) => line[0]!.x > left && spills(line)).map((line) => line[0]!.x);
  const spill = new Set<Span>();
  for (const line of lines) {
    // The whole line runs out of the grid (a list's marker before its item's text), or its part from a word
    // at the next column's edge on.
    const k = line.findIndex((s, i) => i > 0 && edges.some((x) => Math.abs(s.x - x) <= SAME_EDGE));
    const part = spills(line) ? line : k > 0 && spills(line.slice(k)) ? line.slice(k) : [];
    for (const s of part) spill.add(s);
  }
  return spill;
}
