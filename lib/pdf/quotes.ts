/**
 * Block quotes from geometry: body-size text set in from the page's text
 * column on the left by about an em or more and ending short of its right
 * edge, that does not continue a list item. TeX's `quote` environment and an
 * HTML engine's `blockquote` both set quotes so.
 *
 * @module
 */
import { linesExtent } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { whollyMonospace } from "./fonts.ts";
import { findGutter } from "./layout.ts";
import { firstWhere } from "./sorted.ts";
import { nearSize } from "./stats.ts";
import type { Line, PageText } from "./types.ts";
import { greatest, least } from "./extremes.ts";

/** Left and right edges of a page's body text. */
export interface Column {
  left: number;
  right: number;
}

/**
 * The body columns of a document's pages. The left edge is the leftmost one
 * two lines of a page share or, further left, the one most lines share on the
 * pages of the same parity (on all pages when a page has no like), as a page
 * of tables and quotes may have no line at the margin and facing pages may
 * have margins of their own. The right edge is the rightmost end of body-size
 * prose over the whole document, as a page may have no full line of its own,
 * or the margin mirroring the left one where ragged prose stops short of it.
 */
export function bodyColumns(pages: readonly PageText[], bodySize: number): Map<number, Column | null> {
  let right = -Infinity;
  for (const page of pages) {
    for (const line of page.lines) {
      // Headings share the column's left edge; only body prose measures its right one.
      if (nearSize(line.size, bodySize) && !whollyMonospace(line)) {
        right = Math.max(right, line.x1);
      }
    }
  }
  const edges = new Map(pages.map((page) => [page.page, pageLeft(page)]));
  const byParity = [0, 1].map((parity) =>
    pages.filter((p) => p.page % 2 === parity).map((p) => edges.get(p.page))
  );
  const usual = byParity.map((same) => heaviest(same.length >= 2 ? same : [...edges.values()]));
  return new Map(pages.map((page) => {
    const own = edges.get(page.page)?.x, shared = usual[page.page % 2];
    const left = own === undefined ? shared : shared === undefined ? own : Math.min(own, shared);
    if (left === undefined || right === -Infinity) return [page.page, null];
    // Ragged prose may never reach the right margin, which mirrors the left one.
    return [page.page, { left, right: Math.max(right, page.width - left) }];
  }));
}

/** A left edge and how many lines start at it. */
interface Edge {
  x: number;
  lines: number;
}

/** How far, in points, a first line's indent may stray from the document's first-line indent. */
const INDENT_TOLERANCE = 1;

/** The leftmost left edge two lines of a page share: list items and quotes are set in from it. */
export function pageLeft(page: PageText): Edge | undefined {
  const counts = new Map<number, number>();
  for (const line of page.lines) {
    const key = Math.round(line.x0);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let left: Edge | undefined;
  for (const [x, n] of counts) if (n >= 2 && (left === undefined || x < left.x)) left = { x, lines: n };
  return left;
}

/** Least share of the heaviest edge's lines an edge further left must start for it to be the margin. */
const MARGIN_SHARE = 0.5;

/**
 * The left edge most lines of some pages start at or, further left, one at
 * least {@linkcode MARGIN_SHARE} as many start at: a page of lists has its
 * items' edge for its own, and lists may outweigh the prose at the margin.
 */
function heaviest(edges: ReadonlyArray<Edge | undefined>): number | undefined {
  const weight = new Map<number, number>();
  for (const edge of edges) if (edge) weight.set(edge.x, (weight.get(edge.x) ?? 0) + edge.lines);
  let most = 0;
  for (const w of weight.values()) most = Math.max(most, w);
  let best: number | undefined;
  for (const [x, w] of weight) if (w >= most * MARGIN_SHARE && (best === undefined || x < best)) best = x;
  return best;
}

/**
 * How far a document's paragraphs indent their first line, where they do
 * (TeX's default, most word processors'): the offset of a first line right of
 * the lines after it that most paragraphs of two or more lines show, when the
 * first lines of at least two paragraphs share it. A one-line paragraph
 * counts towards those two when `leftOf` gives the edge its page's lines
 * start at: a document of short paragraphs may have only one that wraps.
 *
 * @param paragraphs Each paragraph's lines.
 * @param leftOf The left edge of the text on a line's page, if known.
 */
export function firstLineIndent(
  paragraphs: ReadonlyArray<readonly Line[]>,
  leftOf?: (line: Line) => number | undefined,
): number | undefined {
  const votes = new Map<number, number>();
  const alone: number[] = [];
  for (const lines of paragraphs) {
    const first = lines[0];
    if (!first) continue;
    if (lines.length < 2) {
      const left = leftOf?.(first);
      if (left !== undefined && first.x0 - left >= first.size * 0.5) alone.push(first.x0 - left);
      continue;
    }
    const indent = first.x0 - linesExtent(lines).laterLeft;
    if (indent < first.size * 0.5) continue;
    const key = Math.round(indent * 2) / 2;
    votes.set(key, (votes.get(key) ?? 0) + 1);
  }
  // Counted by binary search: a document may show many offsets and many one-line paragraphs.
  alone.sort((a, b) => a - b);
  const within = (key: number) =>
    firstWhere(alone, (x) => x > key + INDENT_TOLERANCE) -
    firstWhere(alone, (x) => x >= key - INDENT_TOLERANCE);
  let indent: number | undefined, most: [number, number] = [0, 0];
  for (const [key, n] of votes) {
    const sharing = within(key);
    if (n + sharing < 2) continue;
    if (n > most[0] || (n === most[0] && sharing > most[1])) [indent, most] = [key, [n, sharing]];
  }
  return indent;
}

/**
 * True when lines of one paragraph are set as a block quote.
 *
 * @param lines The paragraph's lines.
 * @param column The page's body column.
 * @param listTextX Where the text of the list item just before starts, if one does.
 * @param indent The document's first-line indent ({@linkcode firstLineIndent}), if it has one.
 */
export function isQuoteParagraph(
  lines: readonly Line[],
  column: Column,
  listTextX?: number,
  indent?: number,
): boolean {
  const size = lines[0]?.size ?? 0;
  if (!size) return false;
  const x0 = least(lines.map((l) => l.x0));
  const x1 = greatest(lines.map((l) => l.x1));
  // A line set in by just the first-line indent is a paragraph of one line.
  if (lines.length === 1 && indent !== undefined && Math.abs(x0 - column.left - indent) <= 1) return false;
  // Set in as far as the item's text before it (and its first-line indent, if the document has one), it
  // is the item's next paragraph; set in further, a quote inside the item; set in less, a quote after
  // the list.
  const itemReach = (indent ?? 0) + size * 0.5;
  if (listTextX !== undefined && x0 > listTextX - size * 0.15 && x0 < listTextX + itemReach) return false;
  if (x0 < column.left + size * 0.9 || x0 > column.left + size * 5) return false;
  if (lines.some((l) => Math.abs(l.x0 - x0) > size * 0.6 && l !== lines[0])) return false;
  // Set in on the left only (ReportLab, most word processors' "indent" style): two lines or more, so the
  // first line's indent is not what sets it in, or one line where the document indents no first line.
  return x1 <= column.right - size * 0.9 || (lines.length >= 2 && Math.abs(lines[0]!.x0 - x0) <= 1) ||
    fullSetInLine(lines, indent);
}

/**
 * True when a paragraph is one line set in on the left only that runs to the
 * column's right edge, in a document that indents no paragraph's first line:
 * a one-line quote that fills its measure (ReportLab squeezes a line's spaces
 * to fit it), as no paragraph of such a document opens set in. A line ending
 * in a number is left alone, as a contents entry set in under its section's
 * runs to its page number at the same edge.
 */
function fullSetInLine(lines: readonly Line[], indent: number | undefined): boolean {
  return lines.length === 1 && indent === undefined && !/\d\s*$/.test(plainLineText(lines[0]!));
}

/** The lines of the column `line` stands in on a page of two columns parted at `gutter`. */
function sideOf(page: PageText, line: Line, gutter: number): Line[] {
  const right = line.x0 >= gutter - 0.5;
  return page.lines.filter((l) => right ? l.x0 >= gutter - 0.5 : l.x1 <= gutter + 0.5);
}

/** The page's gutter (see `findGutter`, or the document's on a page too short to show one), found once per page. */
function gutterOf(page: PageText, gutters: Map<number, number | null>): number | null {
  if (!gutters.has(page.page)) {
    gutters.set(page.page, page.gutter ?? findGutter(page.lines, page.width)?.x ?? null);
  }
  return gutters.get(page.page) ?? null;
}

/**
 * The text column a line stands in: on a page set in two columns (see
 * `findGutter`), the left or right column's own edges, so a quote is set in
 * from its column's edge rather than the page's; else the page's column.
 *
 * @param pageColumn The page's body column ({@linkcode bodyColumns}).
 * @param gutters Gutters found so far, by page (filled as pages are asked about).
 */
export function columnOf(
  page: PageText,
  line: Line,
  pageColumn: Column,
  gutters: Map<number, number | null>,
): Column {
  const gutter = gutterOf(page, gutters);
  if (gutter === null) return pageColumn;
  const side = sideOf(page, line, gutter);
  const left = pageLeft({ ...page, lines: side })?.x;
  if (left === undefined) return pageColumn;
  let end = -Infinity;
  for (const l of side) end = Math.max(end, l.x1);
  return { left, right: end };
}

/**
 * The left edge of the column a line stands in on a page set in two columns,
 * or undefined on a page of one: list markers are indented from it, so a list
 * going on in the next column (on the same page or the next) keeps its nesting.
 *
 * @param gutters Gutters found so far, by page (filled as pages are asked about).
 */
export function columnLeft(
  page: PageText,
  line: Line,
  gutters: Map<number, number | null>,
): number | undefined {
  const gutter = gutterOf(page, gutters);
  return gutter === null ? undefined : pageLeft({ ...page, lines: sideOf(page, line, gutter) })?.x;
}
