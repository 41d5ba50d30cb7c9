/**
 * Listing rows a TeX engine broke at a hyphen. LuaTeX breaks a verbatim
 * line at its explicit hyphens only: its spaces do not break, so the rest
 * of the line up to its next hyphen goes to the next row whole, and lines
 * without a hyphen run on past the column's edge (the listing's furthest
 * row then tells nothing of where the column ends). A row broken so may stop
 * well short of the edge, its next row's first word short enough to have
 * fitted: what would not have fitted is the run up to the next hyphen.
 *
 * @module
 */

import type { Line } from "./types.ts";

/** Least share of its column's measure a row broken far from the edge spans. */
export const BROKEN_REACH = 0.6;

/** A hyphen inside a word (`--parameter-`), or an option's dashes opened by a quote (`unless '--`). */
const HYPHEN_END = /\w{3}-$|(^|\s)['"]--?$/;

/**
 * True when `prev`, ending `end` after a hyphen inside a word
 * (`--parameter-` `scan`) or after an option's dashes opened by a quote
 * (`unless '--` `glob'`), reaches most of the way to its column's prose
 * `edge`, and `line` up to its first hyphen or slash, starting with a word,
 * would not have fitted after it. An engine that breaks at spaces too would
 * have set the first word on the row where it fitted. Dashes standing alone
 * are a word of their own (`run --` `node`), after which such an engine
 * breaks at a space: those are left to the caller.
 */
export function hyphenRunBreak(
  prev: Line,
  end: string,
  line: Line,
  cell: number,
  edge: number | undefined,
): boolean {
  const first = line.spans.find((s) => s.text.trim());
  if (!first || edge === undefined || !HYPHEN_END.test(end) || !/^\w/.test(first.text.trimStart())) {
    return false;
  }
  if (prev.x1 > edge + cell * 0.5 || prev.x1 - prev.x0 < (edge - prev.x0) * BROKEN_REACH) return false;
  return prev.x1 + runWidth(line, first, cell) > edge;
}

/**
 * How far `line` runs from its `first` span's edge to its first hyphen or
 * slash, or to its end without one, across its spans (pdf.js reads LuaTeX's
 * rows word by word).
 */
function runWidth(line: Line, first: Line["spans"][number], cell: number): number {
  for (const span of line.spans) {
    const at = span.text.search(/[-/]/);
    if (at >= 0) return span.x + (at + 1) * cell - first.x;
  }
  return line.x1 - first.x;
}
