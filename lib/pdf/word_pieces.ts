/**
 * A line's first word drawn in pieces. AbiWord draws a ligature's glyphs as
 * a span of their own (`fi` `lename*=UTF-8''…`), so a line's first span may
 * hold only the start of its first word; measured alone, a long token seemed
 * to fit after the line before, which then seemed ended by hand.
 *
 * @module
 */
import type { Span } from "./types.ts";

/** Widest gap, in points, between two spans that draw one word. */
const TOUCHING = 0.5;

/**
 * The width of the word that span `k` of `spans` ends with (`width`, its
 * own share of it), run on over the spans after it that touch it with no
 * space between, up to the first space.
 */
export function wordRunWidth(spans: readonly Span[], k: number, width: number): number {
  for (let j = k + 1; j < spans.length; j++) {
    const before = spans[j - 1]!, next = spans[j]!;
    if (/\s$/.test(before.text) || /^\s/.test(next.text) || next.x - (before.x + before.width) > TOUCHING) {
      break;
    }
    const piece = /^\S+/.exec(next.text)?.[0] ?? "";
    width += next.width * piece.length / Math.max(next.text.length, 1);
    if (piece.length < next.text.length) break;
  }
  return width;
}
