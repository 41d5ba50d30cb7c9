/**
 * Listings inside a block quote. A producer that sets a quote's listing in
 * with the quote (ReportLab draws its box from the quote's edge) keeps the
 * listing's own inset there: its rows start as far right of the quote's edge
 * as the body's listings start right of the column's. A listing on a shaded
 * box right after a quote's paragraph on its page, at that inset from the
 * paragraph's left edge, is the quote's; a listing of the body keeps its
 * inset from the column, whatever stands before it. A listing on no box
 * shows only where its text starts, which a producer may leave set in after
 * a quote ended (AbiWord): it is the quote's only where the quote, set in
 * from the margin, goes on at its own edge right after it
 * ({@linkcode quoteGoesOn}). Where the quote's rule is painted, the rule
 * says it: a listing between two paragraphs beside one rule (Eisvogel's
 * box inside its grey bar) is the quote's, whatever its inset, and in a
 * document with no body listing to measure one from ({@linkcode ruleRunsOn}).
 *
 * @module
 */
import { type Draft, leftEdge, shadeOf } from "./draft.ts";
import { setInFromMargin } from "./quoted_lists.ts";
import { barOf } from "./quote_marks.ts";
import { draftColumnLeft, draftInset, paragraphEdges } from "./column_edges.ts";
import { type DocumentStats, mode } from "./stats.ts";

/** How far (pt) a listing's inset from the quote's edge may stray from the body listings' and still match. */
const SAME_INSET = 1;

/**
 * True when a listing follows a quote's paragraph on its page or, with
 * `overTurn`, at the head of the next page.
 */
function afterQuote(drafts: readonly Draft[], i: number, overTurn = false): boolean {
  const before = drafts[i - 1], page = drafts[i]!.page;
  return !!before && before.kind === "text" && !!before.quote && !before.heading &&
    (before.page === page || (overTurn && before.page === page - 1));
}

/** A draft's left edge less its column's (`column_edges.ts`). */
type Inset = (draft: Draft) => number;

/**
 * True when the draft after listing `i` is a paragraph of the quote before
 * it, at that paragraph's edge, and that quote is set in from the margin (a
 * quote set apart by space alone stands at the margin with the listings).
 */
function quoteGoesOn(drafts: readonly Draft[], i: number, stats: DocumentStats, inset: Inset): boolean {
  const before = drafts[i - 1]!, after = drafts[i + 1];
  if (!setInFromMargin(before, stats.pageMargin?.(before.page))) return false;
  return !!after && after.kind === "text" && !!after.quote && !after.heading && !after.quoteStart &&
    after.page === drafts[i]!.page && Math.abs(inset(after) - inset(before)) <= SAME_INSET;
}

/**
 * True when the quote paragraphs right before and right after listing `i`,
 * on its page, stand beside one painted rule: the rule runs on past the
 * listing, which stands inside the quote.
 */
function ruleRunsOn(drafts: readonly Draft[], i: number): boolean {
  const before = drafts[i - 1]!, after = drafts[i + 1], rule = barOf(before);
  return rule !== undefined && !!after && after.kind === "text" && !!after.quote && !after.heading &&
    after.page === before.page && barOf(after) === rule;
}

/** The inset most of the body's listings start at from their column's edge, to the point. */
function bodyInset(
  drafts: readonly Draft[],
  stats: DocumentStats,
  edges: Map<number, number[]>,
): number | undefined {
  const counts = new Map<number, number>();
  drafts.forEach((draft, i) => {
    const margin = draft.kind === "code"
      ? draftColumnLeft(edges, draft, stats.pageMargin?.(draft.page))
      : undefined;
    if (draft.kind !== "code" || margin === undefined || afterQuote(drafts, i)) return;
    const inset = Math.round(leftEdge(draft) - margin);
    counts.set(inset, (counts.get(inset) ?? 0) + 1);
  });
  return mode(counts);
}

/** Marks as quoted each listing set in with the quote paragraph right before it (see the module comment). */
export function markQuotedListings(drafts: readonly Draft[], stats: DocumentStats) {
  if (!drafts.some((d, i) => d.kind === "code" && afterQuote(drafts, i, true))) return;
  drafts.forEach((listing, i) => {
    if (listing.kind === "code" && afterQuote(drafts, i) && ruleRunsOn(drafts, i)) listing.quote = true;
  });
  // Read once for both measures: marking listings quoted moves no paragraph's edge.
  const edges = paragraphEdges(drafts);
  const inset = bodyInset(drafts, stats, edges);
  if (inset === undefined) return;
  // Over a page's turn a listing and its quote stand in columns of their own: each measured from its own.
  const insetOf = (d: Draft) => draftInset(edges, d, stats.pageMargin?.(d.page));
  drafts.forEach((listing, i) => {
    if (listing.kind !== "code" || listing.quote || !afterQuote(drafts, i, true)) return;
    const before = drafts[i - 1]!;
    const fromQuote = before.page === listing.page
      ? leftEdge(listing) - leftEdge(before)
      : insetOf(listing) - insetOf(before);
    if (!listing.lines.every((l) => shadeOf(l) !== undefined)) {
      const goesOn = quoteGoesOn(drafts, i, stats, before.page === listing.page ? leftEdge : insetOf);
      if (Math.abs(fromQuote - inset) <= SAME_INSET && goesOn) listing.quote = true;
      return;
    }
    if (before.page !== listing.page) return;
    if (Math.abs(fromQuote - inset) <= SAME_INSET) listing.quote = true;
  });
}
