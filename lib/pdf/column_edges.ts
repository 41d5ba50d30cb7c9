/**
 * The left edge of the column a draft stands in, read from the page's plain
 * paragraphs: on a page of two columns, what is set in (a listing, a quote,
 * a quote's list) is set in from its own column's edge, not from the page's
 * margin.
 *
 * @module
 */
import { type Draft, leftEdge } from "./draft.ts";

/** How far (pt) right of a draft's edge a paragraph's edge may stand and still be its column's. */
const SAME_INSET = 1;

/**
 * The left edges each page's plain paragraphs (no quote, heading nor item's
 * further paragraph) start at, by page.
 */
export function paragraphEdges(drafts: readonly Draft[]): Map<number, number[]> {
  const edges = new Map<number, number[]>();
  for (const d of drafts) {
    if (d.kind !== "text" || d.quote || d.heading || d.itemDepth !== undefined) continue;
    const page = edges.get(d.page) ?? [];
    page.push(leftEdge(d));
    edges.set(d.page, page);
  }
  return edges;
}

/**
 * The left edge of the column `draft` stands in: the furthest right of the
 * edges its page's plain paragraphs start at (`edges`), at or left of the
 * draft's own; the page's body edge (`margin`) where none does. On a page of
 * two columns the right column's drafts measure from the right column, not
 * from the page's margin.
 */
export function draftColumnLeft(
  edges: Map<number, number[]>,
  draft: Draft,
  margin: number | undefined,
): number | undefined {
  const left = leftEdge(draft);
  let column: number | undefined;
  for (const edge of edges.get(draft.page) ?? []) {
    if (edge <= left + SAME_INSET && (column === undefined || edge > column)) column = edge;
  }
  return column ?? margin;
}

/**
 * How far `draft` stands in from the left edge of its column
 * ({@linkcode draftColumnLeft}), or from the page's left edge where no column
 * edge is known.
 */
export function draftInset(edges: Map<number, number[]>, draft: Draft, margin: number | undefined): number {
  return leftEdge(draft) - (draftColumnLeft(edges, draft, margin) ?? 0);
}
