/**
 * Sections lettered and set in italics at the body's size (IEEE's
 * subsections: `A. Background` on a line of its own): a heading, not a list
 * item whose marker is the letter, under which every paragraph of the
 * section was nested.
 *
 * Such a line opens with one capital letter or a roman number and a full
 * stop, then a capital; it is wholly italic, at most
 * {@linkcode MAX_LETTERED} characters, and ends in no punctuation (a list's
 * items set in italics run on as sentences). It opens no list item, and
 * alone on its line with a heading's space above it, it is a heading
 * candidate.
 *
 * @module
 */
import { plainLineText } from "./span_spacing.ts";
import type { Line } from "./types.ts";

/** A lettered section's enumerator and the capital after it. */
const LETTERED = /^(?:[A-Z]|[IVX]{1,5})\.\s+\p{Lu}/u;
/** Longest lettered section heading, in characters. */
const MAX_LETTERED = 80;

/** True when `text` reads as a lettered section's heading (see the module comment). */
export function letteredSection(text: string): boolean {
  const t = text.trim();
  return LETTERED.test(t) && t.length <= MAX_LETTERED && !/[.,;:!?]$/.test(t);
}

/** True when a line is a lettered section's heading set in italics (see the module comment). */
export function letteredHeadingLine(line: Line): boolean {
  return line.spans.some((s) => s.text.trim()) && line.spans.every((s) => s.font.italic || !s.text.trim()) &&
    letteredSection(plainLineText(line));
}
