/**
 * Where a list item's text stops: a line set in from the column's edge under
 * an item is the item's next line only when it lines up with the item's text
 * after its marker. A quote after the list is set in from the column's body
 * edge by its own measure (ReportLab: 2 ems, 3 pt short of a bullet's text),
 * and stands a little further below the item than the item's lines stand
 * from each other.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import type { DocumentStats } from "./stats.ts";
import type { Line } from "./types.ts";
import { least } from "./extremes.ts";

/** How far, in ems, a line may stray from the item's text edge and still line up with it. */
const TEXT_EDGE_EM = 0.15;

/** Spacing above a line, as a share of the item's line step, beyond which it is set apart. */
const SET_APART_STEP = 1.1;

/**
 * The left edge of a list item's text after its marker, the one measure of
 * it that item lines, item paragraphs, quotes after a list and page turns
 * share: where its later lines start when the item wrapped (measured), or
 * else its first line's text with the marker taken off (estimated within a
 * span the marker shares, from the span's mean letter width).
 */
export function itemTextEdge(draft: Draft | undefined): number | undefined {
  const [first, ...later] = draft?.lines ?? [];
  if (!first) return undefined;
  if (later.length) return least(later.map((l) => l.x0));
  const span = first.spans.find((s) => s.text.trim());
  return span?.x;
}

/**
 * True when `line`, right of the item's marker, opens a block of its own
 * rather than continuing the item: it stands left of the item's text edge
 * (by more than {@linkcode TEXT_EDGE_EM} of an em, so not aligned with it)
 * and further below the item's last line than a line's step.
 */
export function setApartFromItem(draft: Draft, line: Line, stats: DocumentStats): boolean {
  const prev = draft.lines.at(-1);
  const edge = itemTextEdge(draft);
  if (!prev || edge === undefined || draft.markerX === undefined) return false;
  if (line.x0 >= edge - prev.size * TEXT_EDGE_EM || line.x0 <= draft.markerX) return false;
  return line.y - prev.y > stats.lineGap(prev.size) * SET_APART_STEP;
}

/**
 * The list item a paragraph at `drafts[i]` may belong to, past the listings
 * set inside that item: a listing set in as far as the item's text or
 * further is part of the item, and a paragraph after it at the item's text
 * edge is the item's next paragraph, not a quote.
 */
export function itemAbove(drafts: readonly Draft[], i: number): Draft | undefined {
  let k = i - 1;
  while (k > 0 && drafts[k]!.kind === "code" && drafts[k]!.page === drafts[i]!.page) k--;
  const item = drafts[k];
  if (k === i - 1 || item?.kind !== "list_item" || item.page !== drafts[i]!.page) return undefined;
  const edge = itemTextEdge(item);
  if (edge === undefined) return undefined;
  const size = item.lines[0]!.size;
  const inside = drafts.slice(k + 1, i).every((d) =>
    d.lines.every((l) => l.x0 >= edge - size * TEXT_EDGE_EM)
  );
  return inside ? item : undefined;
}
