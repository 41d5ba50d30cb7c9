/**
 * Text broken by a column turn: on a page set in two columns, the paragraph
 * or list item that ends the left column with no closing punctuation runs on
 * at the top of the right one (an HTML engine balances its columns wherever
 * the break falls). Read line by line, the turn goes back up the page, and
 * the line at the top of the next column would open a paragraph of its own
 * (or, set in at its item's text edge, pass for a quote). The tests are a
 * page turn's (`page_turns.ts`), an item's text edge measured from each
 * column's own left edge, and the line must stand where the next column
 * opens, right above none of its own column's lines, with the line it goes
 * on from the lowest of the column before (`continuesInNextColumn`).
 *
 * @module
 */
import { continuesInNextColumn } from "./code_lines.ts";
import { type Draft, leftEdge } from "./draft.ts";
import { goesOnAfterTurn } from "./page_turns.ts";
import { columnLeft } from "./quotes.ts";
import type { Line, PageText } from "./types.ts";

/**
 * True when `line`, the first of the next column of its page, goes on with
 * `last`, the paragraph or list item the column before ends with.
 *
 * @param gutters Gutters found so far, by page (see `columnLeft`).
 * @param margin The left edge of the page's body (`bodyColumns`), if known.
 */
export function runsOnOverColumn(
  last: Draft,
  line: Line,
  page: PageText,
  gutters: Map<number, number | null>,
  margin: number | undefined,
): boolean {
  const prev = last.lines.at(-1);
  if (!prev || last.page !== line.page || !continuesInNextColumn(prev, line, page.lines)) return false;
  const from = columnLeft(page, prev, gutters), to = columnLeft(page, line, gutters);
  // Where the page's own lines show no gutter (a listing fills a column), an item's edges cannot be
  // measured from its columns': only a paragraph runs on.
  if (from === undefined || to === undefined) return last.kind === "text" && goesOnAfterTurn(last, line, 0);
  // A paragraph set in from its column's edge (a quote) is joined over the turn once it is known for one.
  if (last.kind === "text" && leftEdge(last) > from + 1) return false;
  // The column's edge is not measured: an engine keeps two lines of a paragraph together at a column's
  // foot (widows and orphans), moving its last line on where the next word would have fitted. A column
  // of list items has no line at its own edge: its items are set in from the page's margin.
  return goesOnAfterTurn(last, line, to - from) ||
    (margin !== undefined && margin < from && goesOnAfterTurn(last, line, to - margin));
}
