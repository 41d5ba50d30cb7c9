/**
 * Cells of an aligned table (`tables.ts`) that swallowed their neighbour (a
 * gap too narrow to end the line) split again at a left edge other cells
 * share. Apart from the table reader because it rewrites lines, span by span. A
 * header wider than its column of right-aligned figures, ending where they end,
 * stays whole.
 *
 * @module
 */
import { extremesNear, firstInside, type NearExtremes } from "./sorted.ts";
import type { Line } from "./types.ts";
import { greatest } from "./extremes.ts";

/**
 * Splits cells that swallowed their neighbour (a gap too narrow to end the
 * line) at a left edge that other cells share: at a span that starts there,
 * or at the space of a span nearest to it.
 */
export function splitAtAnchors(rows: Line[][][]) {
  const edges = rows.flatMap((row) => row.map((cellLines) => cellLines[0]!.x0));
  // An edge is an anchor when another edge lies within 2 points of it: its neighbours in ascending order tell.
  const ascending = [...edges].sort((a, b) => a - b);
  const shared = new Set(
    ascending.filter((x, i) =>
      x - (ascending[i - 1] ?? -Infinity) <= 2 || (ascending[i + 1] ?? Infinity) - x <= 2
    ),
  );
  const firstAnchor = firstInside(edges.filter((x) => shared.has(x)));
  const firsts = rows.flatMap((row) => row.map((cellLines) => cellLines[0]!));
  const below = extremesNear(firsts.map((cell) => cell.x0), firsts.map((cell) => cell.x1), 2);
  for (const row of rows) {
    for (let c = 0; c < row.length; c++) {
      if (row[c]!.length > 1) continue;
      const line = row[c]![0]!;
      const anchor = firstAnchor(line.x0 + 2, line.x1 - 2);
      if (anchor === undefined || overRightAligned(line, anchor, shared, below)) continue;
      const halves = splitLineAt(line, anchor);
      if (halves) row.splice(c, 1, [halves[0]], [halves[1]]);
    }
  }
}

/**
 * True when `line` starts at no shared edge and ends where every cell starting at `anchor` ends: the
 * header of a column of right-aligned figures, wider than they are, not a cell run into its neighbour.
 * `below` reads the table's first lines starting within 2 points of a point, a lookup rather than a scan
 * of every cell for every cell (a page of 25,000 one-letter cells took minutes). `line` is never among
 * them: starting within 2 points of the anchor, another cell's edge, its own edge would be shared.
 */
function overRightAligned(
  line: Line,
  anchor: number,
  shared: ReadonlySet<number>,
  below: (point: number) => NearExtremes,
) {
  if (shared.has(line.x0)) return false;
  // Every end within 2 points of the line's end when the least and the greatest are.
  const { count, least, greatest } = below(anchor);
  return count > 0 && Math.abs(least - line.x1) <= 2 && Math.abs(greatest - line.x1) <= 2;
}

/** Splits a line at `x`: between spans, or at the nearest space inside a span. */
function splitLineAt(line: Line, x: number): [Line, Line] | null {
  const spans = [...line.spans];
  let cut = spans.findIndex((s) => Math.abs(s.x - x) <= 2);
  if (cut <= 0) {
    const k = spans.findIndex((s) => s.x < x && s.x + s.width > x);
    const span = spans[k];
    if (!span) return null;
    const step = span.width / Math.max(span.text.length, 1);
    const target = (x - span.x) / step;
    let best = -1;
    for (let i = 0; i < span.text.length; i++) {
      if (span.text[i] === " " && (best < 0 || Math.abs(i - target) < Math.abs(best - target))) best = i;
    }
    if (best <= 0 || Math.abs(best - target) > 4) return null;
    const before = span.text.slice(0, best), after = span.text.slice(best + 1);
    const afterX = span.x + (best + 1) * step;
    spans.splice(k, 1, { ...span, text: before, width: best * step }, {
      ...span,
      text: after,
      x: afterX,
      width: span.x + span.width - afterX,
    });
    cut = k + 1;
  }
  const piece = (part: Line["spans"]): Line => ({
    ...line,
    spans: part,
    x0: part[0]!.x,
    x1: greatest(part.map((s) => s.x + s.width)),
  });
  return [piece(spans.slice(0, cut)), piece(spans.slice(cut))];
}
