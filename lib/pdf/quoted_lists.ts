/**
 * Lists inside a block quote. A quote's list is set in with the quote, its
 * items read as list items like any other; where the quote goes on after
 * the list (a paragraph of the quote set in at least as far as the one
 * before the list: the same quote, or one nested in it), the items between
 * are the quote's: they stand right of its edge and no body text parts them
 * from it. A list that ends its quote is the quote's where its items' text
 * stands as far in from the quote's edge as the document's other lists' text
 * stands from the margin: the list is indented inside the quote as it is
 * outside one (WeasyPrint, groff and ReportLab alike), where a list after a
 * quote is indented from the margin, whatever the quote's inset (a quote set
 * flush left shows no such difference: its list is left alone). Text edges,
 * not markers, are compared: ReportLab and WeasyPrint set a marker flush
 * right against the text, so `1.` and `•` start at edges of their own.
 *
 * @module
 */
import { draftColumnLeft, draftInset, paragraphEdges } from "./column_edges.ts";
import { type Draft, leftEdge } from "./draft.ts";
import { itemTextEdge } from "./item_edges.ts";
import { least } from "./extremes.ts";

/** How far (pt) left of the quote's edge the paragraph after a list, or an item's marker, may stand. */
const SAME_EDGE = 1;

/** Least distance (ems) a quote's paragraph stands in from the margin for it to be set in. */
const SET_IN_EMS = 0.9;

/**
 * True when a quote paragraph stands set in from the page's margin `left` by
 * {@linkcode SET_IN_EMS} or more: a quote set apart by space alone, or set
 * flush left, has no edge a list or listing set in with it stands apart from.
 */
export function setInFromMargin(quote: Draft, left: number | undefined): boolean {
  return left !== undefined && leftEdge(quote) >= left + (quote.lines[0]?.size ?? 0) * SET_IN_EMS;
}

/** Where an item's marker stands. */
function markerOf(item: Draft): number {
  return item.markerX ?? leftEdge(item);
}

/** How far apart (pt) two lists' text edges may stand and still show one list indent. */
const SAME_INDENT = 1.5;

/**
 * How far from the page's margin the text of the document's outer list
 * items stands, most often, over lists that do not follow a quote paragraph:
 * the list indent a quote's own list keeps from the quote's edge. Offsets
 * within {@linkcode SAME_INDENT} of each other count as one indent (their
 * mean): a numbered list's text edges move by a point with its numbers'
 * widths, so counting exact offsets let one stray item (a contents entry) win.
 */
function listIndent(
  drafts: readonly Draft[],
  margin: (draft: Draft) => number | undefined,
): number | undefined {
  const offsets: number[] = [];
  let afterQuote = false;
  drafts.forEach((draft, i) => {
    const prev = drafts[i - 1];
    if (draft.kind !== "list_item") return;
    if (prev?.kind !== "list_item") afterQuote = prev?.kind === "text" && !!prev.quote;
    const left = margin(draft), text = itemTextEdge(draft);
    if (afterQuote || draft.quote || (draft.depth ?? 0) > 0 || left === undefined || text === undefined) {
      return;
    }
    offsets.push(text - left);
  });
  // The widest run of sorted offsets within the tolerance of its first; the first such run on a tie.
  offsets.sort((a, b) => a - b);
  let best: [number, number] = [0, 0];
  for (let from = 0, to = 0; from < offsets.length; from++) {
    while (to < offsets.length && offsets[to]! - offsets[from]! <= SAME_INDENT) to++;
    if (to - from > best[1] - best[0]) best = [from, to];
  }
  const most = offsets.slice(...best);
  return most.length ? Math.round(most.reduce((a, b) => a + b, 0) / most.length) : undefined;
}

/**
 * Marks as quoted the list items standing between two paragraphs of one
 * quote, or after a quote's last paragraph (see the module comment): on one
 * page, their markers right of the quote's left edge, and their text in
 * from it by the document's list indent from the page's `margin` where the
 * quote ends with them. Each is measured from its column's edge
 * (`column_edges.ts`): on a page of two columns, the right column's lists
 * and quotes are set in from the right column, and a quote going on over a
 * column's turn goes on at its inset from the next column's edge.
 */
export function markQuotedLists(drafts: readonly Draft[], pageMargin: (page: number) => number | undefined) {
  let indent: { offset: number | undefined } | undefined;
  const edges = paragraphEdges(drafts);
  const margin = (draft: Draft) => draftColumnLeft(edges, draft, pageMargin(draft.page));
  const inset = (draft: Draft) => draftInset(edges, draft, pageMargin(draft.page));
  for (let i = 0; i < drafts.length; i++) {
    const before = drafts[i]!;
    if (before.kind !== "text" || !before.quote || before.heading) continue;
    let j = i + 1;
    while (drafts[j]?.kind === "list_item") j++;
    const after = drafts[j];
    if (j === i + 1) continue;
    const items = drafts.slice(i + 1, j), edge = leftEdge(before);
    // An item past the page's turn is measured from its own column, as the quote is from its own.
    const moved = (d: Draft, x: number) =>
      d.page === before.page ? x : x - (margin(d) ?? 0) + (margin(before) ?? 0);
    if (after?.kind === "text" && after.quote && !after.quoteStart) {
      if (inset(after) < inset(before) - SAME_EDGE) continue;
    } else {
      indent ??= { offset: listIndent(drafts, margin) };
      const listInset = indent.offset;
      if (listInset === undefined || !setInFromMargin(before, margin(before))) continue;
      if (items.some((d) => moved(d, itemTextEdge(d) ?? leftEdge(d)) - edge < listInset - SAME_EDGE)) {
        continue;
      }
    }
    if (items.some((d) => d.page > before.page + 1 || moved(d, markerOf(d)) < edge - SAME_EDGE)) continue;
    // Nested from the quote's own list: the items' markers are measured from the column's edge.
    const shift = least(items.map((d) => d.depth ?? 0));
    for (const item of items) {
      item.quote = true;
      if (item.depth !== undefined) item.depth -= shift;
    }
    i = j - 1;
  }
}
