/**
 * Lists inside a block quote. A quote's list is set in with the quote, its
 * items read as list items like any other; where the quote goes on after
 * the list (a paragraph of the quote set in at least as far as the one
 * before the list: the same quote, or one nested in it), the items between
 * are the quote's: they stand right of its edge and no body text parts them
 * from it.
 *
 * @module
 */
import { type Draft, leftEdge } from "./draft.ts";

/** How far (pt) left of the quote's edge the paragraph after a list, or an item's marker, may stand. */
const SAME_EDGE = 1;

/**
 * Marks as quoted the list items standing between two paragraphs of one
 * quote (see the module comment): on one page, their markers right of the
 * quote's left edge.
 */
export function markQuotedLists(drafts: readonly Draft[]) {
  for (let i = 0; i < drafts.length; i++) {
    const before = drafts[i]!;
    if (before.kind !== "text" || !before.quote || before.heading) continue;
    let j = i + 1;
    while (drafts[j]?.kind === "list_item") j++;
    const after = drafts[j];
    if (j === i + 1 || !after || after.kind !== "text" || !after.quote || after.quoteStart) continue;
    const items = drafts.slice(i + 1, j), edge = leftEdge(before);
    if (leftEdge(after) < edge - SAME_EDGE) continue;
    if (items.some((d) => d.page !== before.page || (d.markerX ?? leftEdge(d)) < edge - SAME_EDGE)) continue;
    // Nested from the quote's own list: the items' markers are measured from the column's edge.
    const shift = Math.min(...items.map((d) => d.depth ?? 0));
    for (const item of items) {
      item.quote = true;
      if (item.depth !== undefined) item.depth -= shift;
    }
    i = j - 1;
  }
}
