/**
 * Which body paragraphs are block quotes: from the structure tree where it
 * tags more than paragraphs, else from how far they are set in, then quotes
 * set apart by space, joined over columns and parted where no rule ties them.
 *
 * @module
 */
import { blockId, type Draft, isCodeLine, leftEdge } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { opensAlert } from "./alert_quotes.ts";
import { itemAbove, itemTextEdge } from "./item_edges.ts";
import { markSpacedQuotes } from "./spaced_quotes.ts";
import { joinQuotesOverColumns } from "./quote_turns.ts";
import { bodyColumns, columnOf, firstLineIndent, isQuoteParagraph } from "./quotes.ts";
import { afterTightList, itemTextEdgeOnPage } from "./item_paragraphs.ts";
import type { DocumentStats } from "./stats.ts";
import { nearSize } from "./stats.ts";
import type { PageText } from "./types.ts";
import { least } from "./extremes.ts";

/**
 * True when the structure tree tags more than paragraphs: a heading, a list
 * item or a quote somewhere. A tree of paragraphs only (LaTeX's tagging
 * before it tagged sections and lists) is silent on quotes, so typography
 * finds them as on an untagged page.
 */
function treeStructures(drafts: readonly Draft[]): boolean {
  return drafts.some((d) =>
    d.lines.some((l) => l.spans.some((s) => s.tag?.heading || s.tag?.listItem || s.tag?.quote))
  );
}

/** Marks body-size paragraphs set in as block quotes (untagged text, or tagged by a tree of paragraphs only). */
export function markQuotes(drafts: Draft[], pages: readonly PageText[], stats: DocumentStats) {
  const columns = bodyColumns(pages, stats.bodySize);
  const pageOf = new Map(pages.map((p) => [p.page, p]));
  const gutters = new Map<number, number | null>();
  const indent = firstLineIndent(
    drafts.filter((d) => d.kind === "text" && !d.heading).map((d) => d.lines),
    (line) => columns.get(line.page)?.left,
  );
  const structured = treeStructures(drafts);
  drafts.forEach((draft, i) => {
    const first = draft.lines[0];
    if (draft.kind !== "text" || draft.heading || !first) return;
    // A tagged PDF says where its quotes are, unless its tree tags paragraphs only.
    if (blockId(first) !== undefined && (structured || first.spans[0]?.tag?.cell)) {
      if (first.spans.some((s) => s.tag?.quote)) draft.quote = true;
      return;
    }
    const pageColumn = columns.get(draft.page);
    // A paragraph wholly of inline code is set in the code's own size, at or below the body's.
    const codeOnly = draft.lines.every(isCodeLine) && first.size <= stats.bodySize + 0.5;
    if (!pageColumn || (!nearSize(first.size, stats.bodySize) && !codeOnly)) return;
    // Set in from the edge of the column it stands in, on a page of two.
    const column = columnOf(pageOf.get(draft.page)!, first, pageColumn, gutters);
    const prev = drafts[i - 1];
    const listTextX = prev?.kind === "list_item" && !afterTightList(drafts, i, stats)
      ? itemTextEdgeOnPage(prev, draft, stats) ?? prev.markerX
      : itemTextEdge(itemAbove(drafts, i));
    draft.quote = isQuoteParagraph(draft.lines, column, listTextX, indent);
    // Set where the item's next paragraph would be, yet opening a quote that follows at its own
    // edge: a quote inside the item would stand further in, so the two are one quote after the list.
    const next = drafts[i + 1];
    if (
      !draft.quote && listTextX !== undefined && next?.kind === "text" && !next.heading &&
      next.page === draft.page && isQuoteParagraph(next.lines, column) &&
      Math.abs(least(next.lines.map((l) => l.x0)) - first.x0) <= 1 &&
      isQuoteParagraph(draft.lines, column)
    ) draft.quote = true;
  });
  markSpacedQuotes(drafts, stats, indent, (draft) => {
    const pageColumn = columns.get(draft.page), first = draft.lines[0];
    return pageColumn && first ? columnOf(pageOf.get(draft.page)!, first, pageColumn, gutters) : undefined;
  });
  joinQuotesOverColumns(drafts);
  splitQuotes(drafts, (draft) => {
    const pageColumn = columns.get(draft.page), first = draft.lines[0]!;
    const left = pageColumn ? columnOf(pageOf.get(draft.page)!, first, pageColumn, gutters).left : 0;
    return leftEdge(draft) - left;
  });
}

/** The quote rule a draft stands beside, if one is painted: its number on the draft's page. */
export function barOf(draft: Draft): number | undefined {
  return draft.lines[0]?.spans.find((s) => s.text.trim())?.bar;
}

/** How far (ems) a quote paragraph must stand right of another to be nested in its quote. */
const NESTED_EMS = 0.9;

/**
 * True when quote paragraph `i` is nested in the quote before it or comes
 * back out of one, measured from the edges of the columns they stand in
 * (`insetOf`): it stands right of the quote paragraph before it by
 * {@linkcode NESTED_EMS} or more (a quote inside that quote), or the quote
 * paragraphs before it back to one at its own inset all stand that far right
 * of it (it goes on with the outer quote after the nested one ended).
 */
function nestingTies(drafts: readonly Draft[], i: number, insetOf: (draft: Draft) => number): boolean {
  const draft = drafts[i]!, em = draft.lines[0]!.size * NESTED_EMS, x = insetOf(draft);
  if (insetOf(drafts[i - 1]!) <= x - em) return true;
  for (let j = i - 1; j >= 0 && drafts[j]!.quote; j--) {
    const edge = insetOf(drafts[j]!);
    if (Math.abs(edge - x) <= 1) return j < i - 1;
    if (edge < x + em) return false;
  }
  return false;
}

/**
 * Parts quote paragraphs in a row that no painted rule ties together. TeX
 * (with pandoc's paragraph skips) leaves the same space between two quotes
 * as between two paragraphs of one, so the text decides: a first paragraph
 * that is a label (one line ending no sentence: "Note", "Heads up") leads
 * into the next; any other paragraph ends its quote, unless the next is
 * nested in it or comes back out of a quote nested in it
 * ({@linkcode nestingTies}, with `insetOf` a draft's inset from its column's left edge).
 * An alert's label printed as text (`[!TIP]`) opens a quote that holds the
 * paragraphs after it at its inset (`alert_quotes.ts`).
 */
function splitQuotes(drafts: readonly Draft[], insetOf: (draft: Draft) => number) {
  let alert: Draft | undefined;
  drafts.forEach((draft, i) => {
    const prev = drafts[i - 1];
    if (!draft.quote) alert = undefined;
    else if (opensAlert(draft)) alert = draft;
    if (!draft.quote || !prev?.quote || barOf(draft) !== undefined || barOf(prev) !== undefined) return;
    if (alert && alert !== draft && Math.abs(insetOf(draft) - insetOf(alert)) <= 1) return;
    const label = prev.lines.length === 1 && !/[.!?]$/.test(plainLineText(prev.lines[0]!).trim());
    if (!label && !nestingTies(drafts, i, insetOf)) draft.quoteStart = true;
  });
}
