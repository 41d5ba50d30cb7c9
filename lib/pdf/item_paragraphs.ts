/**
 * A list item's further paragraphs: text set in exactly as far as the item's
 * own text, after the item (or after another such paragraph of it), is the
 * item's next paragraph, not a paragraph after the list. Written at the
 * margin it would end the list, and the items after it would lose their
 * depth; it is marked with the item's depth and written set in under the
 * item's text.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { gapBetween } from "./draft_spacing.ts";
import { itemTextEdge } from "./item_edges.ts";
import type { DocumentStats } from "./stats.ts";
import { least } from "./extremes.ts";

/** How far, in ems, a paragraph's left edge may stand from the item's text edge (measured within a span, where the marker shares one). */
const EDGE_SLACK_EM = 0.5;

/**
 * Where a further paragraph of `item` would start on the page `draft`
 * stands on: the item's text edge, moved by as much as that page's margin
 * stands from the item's page's (facing pages).
 */
export function itemTextEdgeOnPage(item: Draft, draft: Draft, stats: DocumentStats): number | undefined {
  const textX = itemTextEdge(item);
  if (textX === undefined) return undefined;
  return textX + (stats.pageMargin?.(draft.page) ?? 0) - (stats.pageMargin?.(item.page) ?? 0);
}

/**
 * Marks the text drafts that are further paragraphs of the list item before
 * them with that item's depth (`itemDepth`). Headings, quotes and code are
 * left alone; a paragraph on the next page is measured from that page's
 * margin.
 */
export function markItemParagraphs(drafts: readonly Draft[], stats: DocumentStats): void {
  let item: Draft | undefined;
  drafts.forEach((draft, i) => {
    if (draft.kind === "list_item") {
      item = draft;
      return;
    }
    // No item of a tight list has a further paragraph (see `afterTightList`).
    const tight = item !== undefined && drafts[i - 1] === item && afterTightList(drafts, i, stats);
    if (
      !item || draft.kind !== "text" || draft.heading || draft.quote || draft.page > item.page + 1 || tight ||
      taggedOutsideItems(item, draft)
    ) {
      item = undefined;
      return;
    }
    const edge = itemTextEdgeOnPage(item, draft, stats);
    const left = least(draft.lines.map((l) => l.x0));
    const size = draft.lines[0]!.size;
    if (edge === undefined || Math.abs(left - edge) > size * EDGE_SLACK_EM) {
      item = undefined;
      return;
    }
    draft.itemDepth = item.depth ?? 0;
  });
}

/**
 * True when the structure tree says `draft` is no paragraph of `item`: it
 * tags the item's text inside a list item and every word of `draft` outside
 * any (a paragraph after a description list, set in as far as its terms'
 * definitions).
 */
function taggedOutsideItems(item: Draft, draft: Draft): boolean {
  const spans = (d: Draft) => d.lines.flatMap((l) => l.spans).filter((s) => s.text.trim());
  const words = spans(draft);
  return spans(item).some((s) => s.tag?.listItem) && words.length > 0 &&
    words.every((s) => s.tag && !s.tag.listItem);
}

/**
 * True when the draft at `i` stands a paragraph's space below a tight list:
 * two or more items, each a line's space below the one before. No item of
 * a tight list has a second paragraph (a blank line in the source makes
 * the whole list loose), so text set in under the items' text there is not
 * one.
 */
export function afterTightList(drafts: readonly Draft[], i: number, stats: DocumentStats): boolean {
  const draft = drafts[i]!;
  const line = (d: Draft) => stats.lineGap(d.lines.at(-1)!.size) * 1.3 + 1;
  let k = i - 1;
  const below = gapBetween(drafts[k]!, draft);
  if (below === undefined || below <= line(drafts[k]!)) return false;
  for (; k > 0 && drafts[k - 1]!.kind === "list_item"; k--) {
    const gap = gapBetween(drafts[k - 1]!, drafts[k]!);
    if (gap === undefined || gap > line(drafts[k - 1]!)) return false;
  }
  return k < i - 1;
}
