/**
 * Block quotes a tagged PDF marks (`BlockQuote`), whole: every block inside
 * one is quoted, its listings and lists as well as its paragraphs, and the
 * quote's paragraphs stay one quote. A browser draws a quote's rule as a
 * border no tag reads, and the text alone cannot tell a quote's second
 * paragraph from a second quote (`quote_marks.ts` parts them unless a rule
 * ties them); the structure tree tells both.
 *
 * @module
 */
import type { Draft } from "./draft.ts";

/** The outermost tagged quote a draft's first line stands in, if any. */
function quoteOf(draft: Draft): number | undefined {
  return draft.lines[0]?.spans.find((s) => s.text.trim() && s.tag?.quote)?.tag?.quoteId;
}

/**
 * Quotes each draft inside a tagged quote (paragraphs, listings, list items)
 * and ties a quote's blocks together: a block in the same quote as the block
 * before goes on in it; one in another quote on the same page opens its own.
 * A quote running over a page turn is read as two elements, one per page, so
 * a quote going on from the page before goes on in it.
 */
export function markTaggedQuotes(drafts: readonly Draft[]): void {
  let prev: { draft: Draft; quote: number } | undefined;
  for (const draft of drafts) {
    const quote = quoteOf(draft);
    if (quote === undefined) {
      prev = undefined;
      continue;
    }
    draft.quote = true;
    if (prev && (prev.quote === quote || prev.draft.page !== draft.page)) delete draft.quoteStart;
    else if (prev) draft.quoteStart = true;
    prev = { draft, quote };
  }
}
