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
 * under it.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { bodyColumns, columnOf } from "./quotes.ts";
import type { DocumentStats } from "./stats.ts";
import type { PageText } from "./types.ts";

/** How far, in body ems, a heading must be set in from its column's edge to stand in a quote. */
const SET_IN_EM = 0.9;

/** How far, in ems of the heading, its left edge may stand from the quote's and still be the quote's. */
const SAME_EDGE_EM = 0.3;

/** The leftmost start of a draft's lines. */
function leftEdge(draft: Draft): number {
  return Math.min(...draft.lines.map((l) => l.x0));
}

/** Turns headings set in at the left edge of the quote right after them into that quote's first paragraph. */
export function quoteHeadingsInQuotes(drafts: Draft[], pages: readonly PageText[], stats: DocumentStats) {
  if (!drafts.some((d, i) => d.heading && drafts[i + 1]?.quote)) return;
  const columns = bodyColumns(pages, stats.bodySize);
  const pageOf = new Map(pages.map((p) => [p.page, p]));
  const gutters = new Map<number, number | null>();
  drafts.forEach((draft, i) => {
    const next = drafts[i + 1];
    const size = draft.lines[0]?.size;
    if (!draft.heading || draft.kind !== "text" || !size || !next?.quote || next.kind !== "text") return;
    // TeX's run-in levels stand at the paragraph indent, where a paragraph read as a quote may too.
    if (draft.runIn) return;
    if (next.page !== draft.page || next.quoteStart) return;
    if (Math.abs(leftEdge(draft) - leftEdge(next)) > size * SAME_EDGE_EM) return;
    const pageColumn = columns.get(draft.page), page = pageOf.get(draft.page);
    if (!pageColumn || !page) return;
    const column = columnOf(page, draft.lines[0]!, pageColumn, gutters);
    if (leftEdge(draft) < column.left + stats.bodySize * SET_IN_EM) return;
    draft.heading = undefined;
    draft.outlined = undefined;
    draft.quote = true;
  });
}
