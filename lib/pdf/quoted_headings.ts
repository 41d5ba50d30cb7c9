/**
 * Headings set inside a block quote (a README's `> ## Note`): an HTML
 * engine sets the heading in with the quote's paragraphs, at the quote's own
 * left edge, and the outline may list it. Such a heading is the quote's first
 * paragraph, a label leading into the text under it, not a section of the
 * document: a heading standing right before a quote paragraph of its page,
 * its lines starting where the quote's do, set in from the column's edge
 * (a producer that sets quotes flush left gives no sign the heading is the
 * quote's), becomes that label. A heading at TeX's run-in levels is left
 * alone: TeX sets it in by the paragraph indent, as it sets the paragraph
 * under it. A producer may centre the label instead (ReportLab, a rubric):
 * a line of its own centred on the quote under it, not on the column (the
 * quote is set in on the left only), is the quote's label too, whether read
 * as a heading or as a short paragraph.
 *
 * @module
 */
import { type Draft, leftEdge } from "./draft.ts";
import { bodyColumns, type Column, columnOf } from "./quotes.ts";
import type { DocumentStats } from "./stats.ts";
import type { PageText } from "./types.ts";
import { greatest } from "./extremes.ts";

/** How far, in body ems, a heading must be set in from its column's edge to stand in a quote. */
const SET_IN_EM = 0.9;

/** How far, in ems of the heading, its left edge may stand from the quote's and still be the quote's. */
const SAME_EDGE_EM = 0.3;

/** How far, in ems, a label's centre may stand from the quote's and still be centred on it. */
const CENTRED_EM = 0.3;

/** How far, in ems, the quote's centre must stand from the column's for a label centred on it to tell. */
const OFF_CENTRE_EM = 0.6;

/** Most distance, in line steps of the quote, from a centred label's baseline to the quote's first one. */
const LABEL_STEPS = 2.5;

/** The middle of a draft's widest extent. */
function centre(draft: Draft): number {
  return (leftEdge(draft) + greatest(draft.lines.map((l) => l.x1))) / 2;
}

/**
 * True when a one-line draft is centred on the quote right under it (its
 * text, or its box from its left edge to the column's right one), which is
 * not centred on its column: a producer's label of the quote. A line at
 * the column's left edge is set flush left, as a section's heading is, and
 * only happens to share a short quote's centre.
 */
function centredLabel(draft: Draft, quote: Draft, column: Column, bodySize: number): boolean {
  const line = draft.lines[0]!, first = quote.lines[0]!, size = line.size;
  if (draft.lines.length !== 1 || first.y - line.y > first.size * 1.2 * LABEL_STEPS) return false;
  if (line.x0 < column.left + bodySize * SET_IN_EM) return false;
  if (line.x1 - line.x0 >= (column.right - column.left) / 2) return false;
  // Centred on the quote's text, or on its box, which runs on to the column's right edge (one short line).
  return [centre(quote), (leftEdge(quote) + column.right) / 2].some((middle) =>
    Math.abs(centre(draft) - middle) <= size * CENTRED_EM &&
    Math.abs(middle - (column.left + column.right) / 2) >= size * OFF_CENTRE_EM
  );
}

/** Turns headings set in at the left edge of the quote right after them into that quote's first paragraph. */
export function quoteHeadingsInQuotes(drafts: Draft[], pages: readonly PageText[], stats: DocumentStats) {
  if (!drafts.some((d, i) => d.lines.length === 1 && drafts[i + 1]?.quote)) return;
  const columns = bodyColumns(pages, stats.bodySize);
  const pageOf = new Map(pages.map((p) => [p.page, p]));
  const gutters = new Map<number, number | null>();
  drafts.forEach((draft, i) => {
    const next = drafts[i + 1];
    const size = draft.lines[0]?.size;
    if (draft.quote || draft.kind !== "text" || !size || !next?.quote || next.kind !== "text") return;
    // TeX's run-in levels stand at the paragraph indent, where a paragraph read as a quote may too.
    if (draft.runIn) return;
    if (next.page !== draft.page || next.quoteStart) return;
    const pageColumn = columns.get(draft.page), page = pageOf.get(draft.page);
    if (!pageColumn || !page) return;
    const column = columnOf(page, draft.lines[0]!, pageColumn, gutters);
    const setIn = !!draft.heading && Math.abs(leftEdge(draft) - leftEdge(next)) <= size * SAME_EDGE_EM &&
      leftEdge(draft) >= column.left + stats.bodySize * SET_IN_EM;
    if (!setIn && !centredLabel(draft, next, column, stats.bodySize)) return;
    draft.heading = undefined;
    draft.outlined = undefined;
    draft.quote = true;
  });
}
