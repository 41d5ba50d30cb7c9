/**
 * Inline code set on a box of its own (LaTeX's `\colorbox` around
 * `\texttt`, an HTML engine's padded `code` background): the box's padding
 * widens the gap between the code and the words beside it past what parts a
 * line's cells, and the sentence fell apart into three lines. A filled box a
 * line tall that holds the text of one baseline, hugging it within a little
 * padding on each side, with other text of that baseline outside it, is such
 * a box; the line builder measures the gaps either side of it from the box's
 * edges, as the reader sees them.
 *
 * The edges are kept beside the spans for the line builder of the same
 * thread (`layout.ts`), not in them: lines are built right after extraction,
 * and nothing later reads them.
 *
 * @module
 */
import { firstWhere } from "./sorted.ts";
import type { Span } from "./types.ts";
import { greatest, least } from "./extremes.ts";

/** A filled box in top-down page coordinates. */
export interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Tallest box, in the ems of the text it holds, that is an inline box. */
const MAX_HEIGHT_EM = 2.2;
/** Widest padding, in ems, either side of the text in the box. */
const MAX_PADDING_EM = 0.6;

/** The box edges of spans set on an inline box. */
const edges = new WeakMap<Span, Box>();
/** Whether any span of this thread was ever set on one: until then the line builder asks nothing. */
let marked = false;

/**
 * Remembers, for each span set on an inline box, the box's edges.
 *
 * @param spans A page's spans.
 * @param boxes The page's filled boxes up to a few lines tall.
 */
export function markInlineBoxes(spans: readonly Span[], boxes: readonly Box[]): void {
  if (boxes.length === 0) return;
  // Spans by the height of their middle: a box reads only the spans of its own rows.
  const byMiddle = spans.filter((s) => s.text.trim()).map((s) => ({ s, middle: s.y - s.size * 0.3 }))
    .sort((a, b) => a.middle - b.middle);
  const middles = byMiddle.map((m) => m.middle);
  for (const box of boxes) {
    const inside: Span[] = [];
    let outside = false;
    for (let k = firstWhere(middles, (m) => m >= box.y0); k < byMiddle.length; k++) {
      const { s, middle } = byMiddle[k]!;
      if (middle > box.y1) break;
      if (s.x >= box.x0 - 0.5 && s.x + s.width <= box.x1 + 0.5) inside.push(s);
      else if (s.x + s.width <= box.x0 + 0.5 || s.x >= box.x1 - 0.5) outside = true;
      else {
        inside.length = 0;
        break;
      }
    }
    if (!outside || inside.length === 0) continue;
    const y = inside[0]!.y, size = greatest(inside.map((s) => s.size));
    if (inside.some((s) => Math.abs(s.y - y) > size * 0.3)) continue;
    if (box.y1 - box.y0 > size * MAX_HEIGHT_EM || box.y1 < y || box.y0 > y - size * 0.5) continue;
    const left = least(inside.map((s) => s.x)), right = greatest(inside.map((s) => s.x + s.width));
    if (left - box.x0 > size * MAX_PADDING_EM || box.x1 - right > size * MAX_PADDING_EM) continue;
    for (const s of inside) edges.set(s, box);
    marked = true;
  }
}

/**
 * The gap between a span and the next on its baseline as the reader sees it:
 * from the box either stands on, where one does.
 */
export function visibleGap(last: Span, next: Span): number {
  const end = last.x + last.width;
  if (!marked) return next.x - end;
  const a = edges.get(last), b = edges.get(next);
  // Two boxes side by side are two cells of a shaded table, not code inside a sentence.
  if (a && b) return next.x - end;
  return (b ? Math.min(next.x, b.x0) : next.x) - (a ? Math.max(end, a.x1) : end);
}

/**
 * The widest gap, in ems, between a box and the words beside it that still
 * parts words of one line: a word space, stretched in a justified line.
 */
export const BOXED_GAP_EM = 1.5;

/** True when one span, not both, stands on an inline box. */
export function oneBoxed(last: Span, next: Span): boolean {
  return marked && edges.has(last) !== edges.has(next);
}

/** How much of the gap between two neighbouring spans is the padding of the boxes they stand on. */
export function boxPadding(last: Span, next: Span): number {
  return next.x - (last.x + last.width) - visibleGap(last, next);
}
