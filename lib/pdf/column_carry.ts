/**
 * Columns on pages too short to show them. A page of a few lines (a
 * chapter's or a document's last page, set in two balanced columns) has too
 * little running text for the gutter search (`findGutter`), so its lines are
 * read in rows across both columns: a heading at the left column's top and
 * the right column's first line, a point apart in height, run together. The
 * document's other pages show where its gutter stands; a short page none of
 * whose lines crosses that gutter, with lines on both sides of it, is read
 * column by column as they are. So is a longer page whose own lines show no
 * gutter (a listing broken over the column turn, its rows wrapped short, is
 * too little running text in the right column), where the document's
 * columns are measured on its other pages. The gutter is anywhere in the
 * blank those pages leave between their columns: a page whose ragged prose
 * reaches further into it (beside a column of short rows) parts right of
 * its furthest line.
 *
 * @module
 */
import { findGutter, MIN_GUTTER_LINES, sortRows } from "./layout.ts";
import { sideOfGutter } from "./gutter_side.ts";
import type { Line, PageText } from "./types.ts";
import { greatest, least } from "./extremes.ts";

/** Most pages measured for the document's gutter: the first pages long enough to show one. */
const SAMPLE = 8;

/** Fewest of the pages measured that must show the gutter, and the least share of them. */
const MIN_SHOWN = 2;
const SHOWN_SHARE = 2 / 3;

/** Most a page's gutter may stand from the document's, in points. */
const GUTTER_SLACK = 3;

/** The document's gutter and the blank between its columns that its pages share. */
interface DocumentGutter {
  x: number;
  /** The left column's furthest right end and the right column's nearest left edge over those pages. */
  blank: [number, number];
}

/**
 * The document's gutter: where most of the first {@linkcode SAMPLE} pages
 * long enough to tell (at least {@linkcode MIN_SHOWN}, and
 * {@linkcode SHOWN_SHARE} of them) have theirs, all within
 * {@linkcode GUTTER_SLACK} points of one another, or else in the blank
 * between the columns that all of those pages share (the gutter search puts
 * its gutter anywhere in that blank). Undefined for a document set in one
 * column, or whose columns move.
 */
function documentGutter(pages: readonly PageText[]): DocumentGutter | undefined {
  const measured = pages.filter((p) => p.lines.length >= MIN_GUTTER_LINES).slice(0, SAMPLE);
  const found = measured.flatMap((p) => {
    const x = findGutter(p.lines, p.width)?.x;
    return x === undefined ? [] : [{ x, blank: blankAround(p, x) }];
  });
  if (found.length < MIN_SHOWN || found.length < measured.length * SHOWN_SHARE) return undefined;
  const gutters = found.map((f) => f.x).sort((a, b) => a - b);
  const median = gutters[Math.floor(gutters.length / 2)]!;
  const from = greatest(found.map((f) => f.blank[0])), to = least(found.map((f) => f.blank[1]));
  if (gutters.every((x) => Math.abs(x - median) <= GUTTER_SLACK)) return { x: median, blank: [from, to] };
  return to - from > 1 ? { x: (from + to) / 2, blank: [from, to] } : undefined;
}

/** The blank between a page's columns around its gutter at `x`: the left column's right edge, the right one's left. */
function blankAround(page: PageText, x: number): [number, number] {
  let from = -Infinity, to = Infinity;
  for (const l of page.lines) {
    const side = sideOfGutter(l, x);
    if (side === "left") from = Math.max(from, l.x1);
    else if (side === "right") to = Math.min(to, l.x0);
  }
  return [from, to];
}

/** True when a line crosses a gutter at `x`. */
function crosses(line: Line, x: number): boolean {
  return line.x0 < x - 0.5 && line.x1 > x + 0.5;
}

/**
 * Where a page's columns part within the document's blank between columns:
 * at the document's gutter or, where some of the page's lines cross it
 * (ragged prose may end a few points further right than the pages measured
 * reached), just right of the furthest such line's end that still leaves
 * the blank, if no line crosses there.
 */
function pageGutter(page: PageText, gutter: DocumentGutter): number | undefined {
  if (!page.lines.some((l) => crosses(l, gutter.x))) return gutter.x;
  const ends = page.lines.filter((l) => crosses(l, gutter.x) && l.x1 + 1 < gutter.blank[1]);
  if (ends.length === 0) return undefined;
  const x = greatest(ends.map((l) => l.x1)) + 1;
  return page.lines.some((l) => crosses(l, x)) ? undefined : x;
}

/** A short page read column by column at the document's gutter, or as it was where a line crosses it or a side is empty. */
function readInColumns(page: PageText, documentGutter: DocumentGutter): PageText {
  const gutter = pageGutter(page, documentGutter);
  if (gutter === undefined) return page;
  const left = page.lines.filter((l) => l.x1 <= gutter + 0.5);
  const right = page.lines.filter((l) => l.x1 > gutter + 0.5);
  if (left.length === 0 || right.length === 0) return page;
  return { ...page, lines: [...sortRows(left), ...sortRows(right)], gutter };
}

/** True when the page's own lines cannot show where its gutter is: too few, or no gutter found. */
function showsNoGutter(page: PageText): boolean {
  return page.lines.length >= 2 &&
    (page.lines.length < MIN_GUTTER_LINES || findGutter(page.lines, page.width) === null);
}

/**
 * Reads the pages that show no gutter of their own (too short for the
 * gutter search, fewer than {@linkcode MIN_GUTTER_LINES} lines, or none
 * found) in the columns the document's other pages show, where it has such
 * columns (see the module comment).
 */
export function carryColumns(pages: readonly PageText[]): PageText[] {
  const gutter = documentGutter(pages);
  if (gutter === undefined) return [...pages];
  return pages.map((p) => showsNoGutter(p) ? readInColumns(p, gutter) : p);
}
