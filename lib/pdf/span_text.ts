/**
 * Readings of spans' text that passes all over the converter make: a run
 * of spans' last piece holding text (where a line ends, in what face, under
 * what tag), and whether a text holds a word, not only numbers, leaders,
 * labels and marks. Each was spelled out again in every pass that asked.
 *
 * @module
 */
import type { Span } from "./types.ts";

/** The last of `spans` holding text (not only spaces). */
export function lastTextSpan(spans: readonly Span[]): Span | undefined {
  return spans.findLast((s) => s.text.trim());
}

/** A word of two letters or more: text, not a number, a leader, a list's label or a mark. */
const WORD = /\p{L}{2,}/u;

/** True when `text` holds a word of two letters or more ({@linkcode WORD}). */
export function holdsWord(text: string): boolean {
  return WORD.test(text);
}
