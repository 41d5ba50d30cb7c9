/**
 * Columns on pages too short to show them. A page of a few lines (a
 * chapter's or a document's last page, set in two balanced columns) has too
 * little running text for the gutter search (`findGutter`), so its lines are
 * read in rows across both columns: a heading at the left column's top and
 * the right column's first line, a point apart in height, run together. The
 * document's other pages show where its gutter stands; a short page none of
 * whose lines crosses that gutter, with lines on both sides of it, is read
 * column by column as they are.
 *
 * @module
 */
import { findGutter, MIN_GUTTER_LINES, sortRows } from "./layout.ts";
import type { PageText } from "./types.ts";

/** Most pages measured for the document's gutter: the first pages long enough to show one. */
const SAMPLE = 8;

/** Fewest of the pages measured that must show the gutter, and the least share of them. */
const MIN_SHOWN = 2;
const SHOWN_SHARE = 2 / 3;

/** Most a page's gutter may stand from the document's, in points. */
const GUTTER_SLACK = 3;

/**
 * The document's gutter: where most of the first {@linkcode SAMPLE} pages
 * long enough to tell (at least {@linkcode MIN_SHOWN}, and
 * {@linkcode SHOWN_SHARE} of them) have theirs, all within
 * {@linkcode GUTTER_SLACK} points of one another. Undefined for a document
 * set in one column, or whose columns move.
 */
function documentGutter(pages: readonly PageText[]): number | undefined {
  const measured = pages.filter((p) => p.lines.length >= MIN_GUTTER_LINES).slice(0, SAMPLE);
  const gutters = measured.flatMap((p) => findGutter(p.lines)?.x ?? []).sort((a, b) => a - b);
  if (gutters.length < MIN_SHOWN || gutters.length < measured.length * SHOWN_SHARE) return undefined;
  const median = gutters[Math.floor(gutters.length / 2)]!;
  return gutters.every((x) => Math.abs(x - median) <= GUTTER_SLACK) ? median : undefined;
}

/** A short page read column by column at `gutter`, or as it was where a line crosses it or a side is empty. */
function readInColumns(page: PageText, gutter: number): PageText {
  if (page.lines.some((l) => l.x0 < gutter - 0.5 && l.x1 > gutter + 0.5)) return page;
  const left = page.lines.filter((l) => l.x1 <= gutter + 0.5);
  const right = page.lines.filter((l) => l.x1 > gutter + 0.5);
  if (left.length === 0 || right.length === 0) return page;
  return { ...page, lines: [...sortRows(left), ...sortRows(right)] };
}

/**
 * Reads the pages too short for the gutter search (fewer than
 * {@linkcode MIN_GUTTER_LINES} lines) in the columns the document's other
 * pages show, where it has such pages and columns (see the module comment).
 */
export function carryColumns(pages: readonly PageText[]): PageText[] {
  const short = pages.filter((p) => p.lines.length >= 2 && p.lines.length < MIN_GUTTER_LINES);
  if (short.length === 0) return [...pages];
  const gutter = documentGutter(pages);
  if (gutter === undefined) return [...pages];
  return pages.map((p) =>
    p.lines.length >= 2 && p.lines.length < MIN_GUTTER_LINES ? readInColumns(p, gutter) : p
  );
}
