/**
 * Listings an HTML engine wraps: with `white-space: pre-wrap` (pandoc's print
 * style, any narrow column) a source line too long for its box goes on in the
 * next row, a little closer than the listing's own line step (each source
 * line is a box of its own; the rows inside one box are set tighter), set in
 * by a hanging indent. Measuring both distances over the document tells a
 * wrapped row from the listing's next line, so the wrapped rows are joined
 * again (`code_row_joins.ts`) and blank lines are counted in the listing's
 * true step. Rows wrapped at the listing's own step, which distances do not
 * tell, are found at their column's edge (`code_edge_wraps.ts`).
 *
 * @module
 */
import { greatest } from "./extremes.ts";

/** Fewest measurements in each of the two groups before the document is taken to wrap its listings. */
const MIN_GROUP = 3;

/** Fewest wrapped rows that tell a document wraps its listings, where every one hangs to the same edge. */
const MIN_WRAPS = 2;

/** Smallest difference, in points, between a wrapped row's distance and the listing's line step. */
const MIN_SPLIT = 0.4;

/** Two consecutive rows of code at one size: how far the second stands below and right of the first. */
export interface CodeRow {
  dy: number;
  dx: number;
  /** The second row's left edge, where it is known. */
  x?: number;
}

/** The two distances between a document's rows of code at one size. */
export interface CodeRowGaps {
  /** Between two source lines of a listing. */
  step: number;
  /**
   * The longest such step: an engine sets a line that wraps a fraction higher than one that does not,
   * so the steps spread, and a blank line between two one-row lines measures by the longest.
   */
  longest: number;
  /** Between a source line's rows where it wrapped. */
  wrap: number;
  /** Rows closer than this are a wrapped line's: halfway across the jump between the two groups. */
  below: number;
}

/** The median of sorted numbers. */
function median(sorted: readonly number[]): number {
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Width, in points, of the buckets hanging indents are counted in (the same indent measures a fraction apart). */
const INDENT_BUCKET = 2;

/** The count of the most common bucket of `values` (width {@linkcode INDENT_BUCKET}). */
function mostInOneBucket(values: readonly number[]): number {
  const buckets = new Map<number, number>();
  for (const value of values) {
    const bucket = Math.round(value / INDENT_BUCKET);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
  }
  return Math.max(0, greatest(buckets.values()));
}

/** The buckets of the left edges {@linkcode MIN_WRAPS} or more set-in rows hang to. */
function hangEdges(setIn: readonly CodeRow[]): Set<number> {
  const counts = new Map<number, number>();
  for (const r of setIn) {
    if (r.x === undefined) continue;
    const bucket = Math.round(r.x / INDENT_BUCKET);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= MIN_WRAPS).map(([bucket]) => bucket));
}

/**
 * True when the rows are a wrapped line's: set in from the row above either
 * by one and the same hanging indent or to one and the same left edge (the
 * indent hangs from the listing's edge, so under an indented line it sets
 * the row in less), a quarter of them or more and at least
 * {@linkcode MIN_GROUP} (the rest are a wrap's further rows); where fewer
 * are set in (at least {@linkcode MIN_WRAPS}), every row standing at that edge.
 */
function hangs(rows: readonly CodeRow[]): boolean {
  const setIn = rows.filter((r) => Math.round(r.dx / INDENT_BUCKET) > 0);
  const byIndent = mostInOneBucket(setIn.map((r) => r.dx));
  const byEdge = mostInOneBucket(setIn.flatMap((r) => r.x === undefined ? [] : [r.x]));
  // On pages of two columns each column has its hanging edge: every row standing at an edge that set-in
  // rows hang to (a wrap's further rows level with them) will do, where a listing's own indentation
  // leaves rows back at the listing's edge too.
  const edges = hangEdges(setIn);
  const atHangEdges =
    rows.filter((r) => r.x !== undefined && edges.has(Math.round(r.x / INDENT_BUCKET))).length;
  if (edges.size > 1 && atHangEdges >= MIN_GROUP && atHangEdges === rows.length) return true;
  const most = Math.max(byIndent, byEdge);
  if (most >= MIN_GROUP) return most * 4 >= rows.length;
  // Few: every row at one edge, each set in from the row above or level with a wrapped row above it.
  return byEdge >= MIN_WRAPS && mostInOneBucket(rows.map((r) => r.x ?? Number.NaN)) === rows.length;
}

/** Share of the closer rows at or above which rows going back left tell them a listing's own lines. */
const BACK_LEFT_SHARE = 0.1;

/** How far, in points, a row may stand from an edge rows hang to and still be at it. */
const HANG_EDGE_SLACK = 1;

/**
 * True when enough of the rows go back left of the row above to an edge no
 * row is set in to (at least {@linkcode MIN_GROUP}, a tenth of them or
 * more): a listing's own lines return left wherever a nested block closes,
 * to the listing's edge or an outer indent, while a wrapped row hangs to
 * the edge its fellows are set in to (left of the row above only under a
 * line indented past it). Indented code sets as many of its lines in from
 * the line above as a wrap would, so its lines at the listing's step, with
 * a few rows a point further apart (a word processor sets a row a point
 * lower now and then), would otherwise be taken for wrapped rows.
 */
function stepsBackOften(rows: readonly CodeRow[]): boolean {
  const hangEdges = rows.flatMap((r) =>
    Math.round(r.dx / INDENT_BUCKET) > 0 && r.x !== undefined ? [r.x] : []
  );
  const back = rows.filter((r) =>
    Math.round(r.dx / INDENT_BUCKET) < 0 &&
    !(r.x !== undefined && hangEdges.some((edge) => Math.abs(edge - r.x!) <= HANG_EDGE_SLACK))
  ).length;
  return back >= MIN_GROUP && back >= rows.length * BACK_LEFT_SHARE;
}

/**
 * Splits the rows of code (at one size, near the usual line distance `usual`)
 * into a listing's line step and the closer rows of a wrapped line: at the
 * lowest jump of {@linkcode MIN_SPLIT} or more between sorted distances that
 * leaves a few rows on each side (two closer ones will do where both hang to
 * one edge), the closer ones hanging as a wrapped line's do. Undefined where
 * the rows keep one grid.
 */
export function splitCodeRowGaps(rows: readonly CodeRow[], usual: number): CodeRowGaps | undefined {
  const near = rows.filter((r) => r.dy > usual * 0.85 && r.dy < usual * 1.2).sort((a, b) => a.dy - b.dy);
  for (let cut = MIN_WRAPS; cut <= near.length - MIN_GROUP; cut++) {
    if (near[cut]!.dy - near[cut - 1]!.dy < MIN_SPLIT) continue;
    const closer = near.slice(0, cut);
    if (!hangs(closer) || stepsBackOften(closer)) {
      if (cut < MIN_GROUP) continue;
      return undefined;
    }
    return {
      step: median(near.slice(cut).map((r) => r.dy)),
      longest: near.at(-1)!.dy,
      wrap: median(closer.map((r) => r.dy)),
      below: (near[cut]!.dy + near[cut - 1]!.dy) / 2,
    };
  }
  return undefined;
}

/**
 * True when a row of code at `dy` below the one before is that row's line
 * wrapped, in a document whose listings wrap at `gaps`.
 */
export function isWrappedRow(dy: number, gaps: CodeRowGaps | undefined): boolean {
  return gaps !== undefined && dy < gaps.below;
}
