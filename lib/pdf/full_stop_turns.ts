/**
 * A paragraph a page turn breaks right after a sentence. Where the last line
 * of a page is full and ends a sentence, and the next page opens with a
 * capital, the page alone cannot say whether a paragraph ended (the rule in
 * `page_turns.ts` keeps them apart). A document that indents its paragraphs'
 * first lines says it: a new paragraph would open the page set in; one that
 * opens the page at its lines' own edge goes on (amsldoc's `…normal fraction
 * form.` / `The amsmath package provides also…`).
 *
 * @module
 */
import { type Draft, linesExtent } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { firstLineIndent } from "./quotes.ts";

/** The first-line indent of a document's paragraphs (`quotes.ts`' measure), over its text drafts. */
export function paragraphIndent(drafts: readonly Draft[]): number | undefined {
  return firstLineIndent(
    drafts.filter((d) => d.kind === "text" && d.heading === undefined).map((d) => d.lines),
  );
}

/**
 * True when `draft`, the first block of a page, goes on with `prev`, the last of the page before, past a
 * sentence's end (see the module's comment).
 *
 * @param indent The document's first-line indent, if its paragraphs have one.
 * @param pageRight Gives the right edge of the text of the page `prev` ends.
 */
export function runsOnPastFullStop(
  prev: Draft,
  draft: Draft,
  indent: number | undefined,
  pageRight: () => number,
): boolean {
  if (indent === undefined || prev.kind !== "text" || draft.kind !== "text") return false;
  if (prev.heading !== undefined || draft.heading !== undefined || prev.quote || draft.quote) return false;
  if (draft.page !== prev.page + 1 || draft.lines.length < 2) return false;
  const last = prev.lines.at(-1)!, first = draft.lines[0]!;
  if (!/[.!?]$/.test(plainLineText(last)) || last.x1 < pageRight() - last.size * 0.5) return false;
  // The next page's first line stands at its paragraph's own edge, not set in by the indent.
  return Math.abs(first.x0 - linesExtent(draft.lines).laterLeft) < indent / 3;
}
