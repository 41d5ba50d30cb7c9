/**
 * Ruled cells narrower than their text. A producer that gives a table's
 * columns less room than a word (a staircase of empty ruled cells to the
 * right taking the table's width) still starts each cell's text at its
 * cell's left rule, and lets it run on over the cells to its right: a run
 * that starts at one column's rule and runs over the next ones' is that one
 * cell's text, not the text of the cells it lies over. A column narrower
 * than half a letter holds no letter's middle, so such a run is read by where
 * it starts. Two readings tell an overrunning run from one in which the text
 * of neighbouring cells was joined: set at its font's own widths, the run's
 * letters follow each other (one cell's text); each letter at the next
 * column's rule ending the run where it ends (the letters stepping back over
 * each other where the columns are narrower than they), the cells hold a
 * letter each, and the run is cut into its letters, each where its own rule
 * stands.
 *
 * @module
 */
import type { GridEdges } from "./grid_spill.ts";
import type { Span } from "./types.ts";

/** Farthest, in ems, right of its column's left rule a cell's text starts. */
const PADDING_EMS = 0.4;

/**
 * Most, in ems, a run's drawn width may differ from its letters' widths and be set at them (a kerned
 * pair, a rounding); a run drawn narrower by more steps back over its letters.
 */
const SET_SLACK_EMS = 0.1;

/** How far, in points, past a column's left rule a run starts to stand in that column. */
const PAST_RULE = 0.25;

/** The index of the column of sorted `xs` whose left rule `x` stands at or right of, or -1. */
function columnAt(xs: readonly number[], x: number): number {
  if (x < xs[0]! || x > xs.at(-1)!) return -1;
  let k = 0;
  while (k < xs.length - 2 && x >= xs[k + 1]!) k++;
  return k;
}

/**
 * The point whose column a span belongs to: the middle of its first letter,
 * or its start where that letter's middle lies past the right rule of the
 * column it starts at (within a padding of) the left rule of.
 */
export function cellPoint(span: Span, xs: readonly number[]): number {
  const start = span.x + PAST_RULE, middle = span.x + Math.min(span.width, span.size) / 2;
  const c = columnAt(xs, start);
  return c >= 0 && middle > xs[c + 1]! && span.x - xs[c]! <= span.size * PADDING_EMS ? start : middle;
}

/** `text`'s width in points set in the span's font, or undefined where a letter has no known advance. */
function setWidth(span: Span, text = span.text): number | undefined {
  const advances = span.font.advances;
  if (!advances) return undefined;
  let ems = 0;
  for (const char of text) {
    const advance = advances[char];
    if (advance === undefined) return undefined;
    ems += advance;
  }
  return ems * span.size;
}

/**
 * How a run starting at a column's left rule and running on past that
 * column's right rule reads in a grid: whole, as that cell's text, where its
 * letters follow each other at their own widths; as its letters, each at the
 * next column's rule, where they step back over each other one a column; or
 * undefined (not such a run, or its letters' widths unknown: the caller
 * splits it as before).
 */
export function overrunPieces(
  span: Span,
  grids: readonly GridEdges[],
  startsAt: RunStarts = () => false,
): Span[] | undefined {
  const end = span.x + span.width, middle = span.y - span.size * 0.3;
  const grid = grids.find((g) => middle >= g.ys[0]! && middle <= g.ys.at(-1)!);
  if (!grid) return undefined;
  const c = columnAt(grid.xs, span.x + PAST_RULE);
  if (c < 0 || span.x - grid.xs[c]! > span.size * PADDING_EMS || end <= grid.xs[c + 1]! + 1) return undefined;
  const set = setWidth(span), first = setWidth(span, span.text.split(" ")[0]);
  if (set === undefined || first === undefined) return undefined;
  const natural = Math.abs(set - span.width), letters = letterPerColumn(span, grid.xs, c, startsAt);
  // Its letters each at the next column's rule, as near the run's end as at their own widths: a cell a letter.
  if (letters && letters.miss <= Math.min(natural, span.size * SET_SLACK_EMS)) return letters.pieces;
  // Set at its letters' own widths (give or take a kerning's or a rounding's share): one cell's text, unless
  // its first word ends before the next rule (two cells' words a space apart).
  if (natural > span.size * SET_SLACK_EMS || span.x + first <= grid.xs[c + 1]! + 1) return undefined;
  return [span];
}

/**
 * A run's letters (the spaces pdf.js put between them left out), one a
 * column from column `c` on, each as far past its column's rule as the run
 * starts past its own, and how far from the run's end the last one then
 * ends; undefined for fewer than two letters or more than the columns, or
 * where another run of the row starts where a letter would (a cell's text
 * starts once on a line: where the columns are about a letter wide, `19`
 * before `parser` in the next cell is not two cells).
 */
function letterPerColumn(
  span: Span,
  xs: readonly number[],
  c: number,
  startsAt: RunStarts,
): { pieces: Span[]; miss: number } | undefined {
  const letters = [...span.text].filter((l) => l.trim());
  const advances = span.font.advances!;
  if (letters.length < 2 || c + letters.length > xs.length - 1) return undefined;
  const pad = span.x - xs[c]!, at = (k: number) => xs[c + k]! + pad;
  if (letters.some((_, k) => k > 0 && startsAt(span, at(k)))) return undefined;
  const miss = Math.abs(
    at(letters.length - 1) + advances[letters.at(-1)!]! * span.size - (span.x + span.width),
  );
  const pieces = letters.map((text, k) => ({ ...span, text, x: at(k), width: advances[text]! * span.size }));
  return { pieces, miss };
}

/** Whether a run other than `span` starts on its baseline within a point of `x`. */
export type RunStarts = (span: Span, x: number) => boolean;

/** How far apart, in points, two runs' starts may be and be one start. */
const SAME_START = 1;

/** {@linkcode RunStarts} over a page's spans, which it files by baseline on its first call. */
export function runStarts(spans: readonly Span[]): RunStarts {
  let rows: Map<number, Span[]> | undefined;
  return (span, x) => {
    if (!rows) {
      rows = new Map();
      for (const s of spans) {
        const row = rows.get(Math.round(s.y));
        if (row) row.push(s);
        else rows.set(Math.round(s.y), [s]);
      }
    }
    const y = Math.round(span.y);
    return [y - 1, y, y + 1].some((k) =>
      (rows!.get(k) ?? []).some((o) =>
        o !== span && Math.abs(o.y - span.y) <= span.size * 0.3 && Math.abs(o.x - x) <= SAME_START
      )
    );
  };
}

/**
 * True when a span of a grid of three columns or more runs on more than an
 * em past its cell's right rule: the grid is a table's (a row's end carried
 * to the next page), whatever its other cells hold, not a frame.
 *
 * @param inside Each span standing in the grid, with its cell (`Grid.owner`'s index).
 */
export function runsOn(inside: ReadonlyMap<Span, number>, grid: GridEdges): boolean {
  const columns = grid.xs.length - 1;
  if (columns < 3) return false;
  for (const [span, k] of inside) {
    if (span.x + span.width > grid.xs[k % columns + 1]! + span.size) return true;
  }
  return false;
}

/** The right rule of the grid's cell `k` (`Grid.owner`'s index), past the columns it spans. */
export function cellRight(grid: GridEdges & { owner: readonly number[] }, k: number): number {
  const columns = grid.xs.length - 1, row = Math.floor(k / columns);
  let last = k % columns;
  while (last + 1 < columns && grid.owner[row * columns + last + 1] === k) last++;
  return grid.xs[last + 1]!;
}
