/**
 * Wrapped rows known by the rows a listing shows wrapped. An HTML engine
 * sets a listing's wrapped rows closer than its lines and under a hanging
 * indent; where a document has too few of them to measure that distance
 * (`code_row_gaps.ts`), the rows found wrapped at the column's edge
 * show it: another row of the same listing standing as far below the row
 * above and as far in is wrapped too, though it broke at a space (a link's
 * `](` and `https://` before the address that would not fit).
 *
 * @module
 */
import { isWrappedAtEdge } from "./code_edge_wraps.ts";
import type { DocumentStats } from "./stats.ts";
import type { Line } from "./types.ts";

/** Least amount, in points, by which a wrapped row stands closer than the listing's line step. */
const CLOSER = 0.75;

/** How far, in points, a row may stand from a wrapped row's place and still be at it. */
const SAME_PLACE = 0.1;

/**
 * The rows of a listing's `lines` that stand where a row it shows wrapped
 * at the column's edge does: as far below the row above (closer than the
 * listing's line step) and as far left, set in from the listing's edge.
 */
export function rowsHungLikeWrapped(lines: readonly Line[], stats: DocumentStats): Set<Line> {
  const hung = new Set<Line>();
  // A listing may run over many pages: its edge is read in a loop (a spread of its rows as arguments
  // overflows the stack past some 125,000), and its wrapped rows' places kept once each (looked up for
  // every row).
  const edge = lines.reduce((least, l) => Math.min(least, l.x0), Infinity);
  const found = new Map<string, { dy: number; x: number }>();
  lines.forEach((line, k) => {
    const prev = lines[k - 1];
    if (!prev || prev.page !== line.page || !isWrappedAtEdge(line)) return;
    const dy = line.y - prev.y;
    if (dy > 0 && dy < stats.codeLineGap(line.size) - CLOSER && line.x0 > edge + 1) {
      found.set(`${dy} ${line.x0}`, { dy, x: line.x0 });
    }
  });
  const places = [...found.values()];
  if (places.length === 0) return hung;
  lines.forEach((line, k) => {
    const prev = lines[k - 1];
    if (!prev || prev.page !== line.page) return;
    const dy = line.y - prev.y;
    if (places.some((p) => Math.abs(p.dy - dy) <= SAME_PLACE && Math.abs(p.x - line.x0) <= SAME_PLACE * 5)) {
      hung.add(line);
    }
  });
  return hung;
}
