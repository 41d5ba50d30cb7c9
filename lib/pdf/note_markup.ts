/**
 * A note's mark and label read as Markdown's footnote syntax: the structure
 * tree (or the page's look, `plain_notes.ts`) tells which span is the mark
 * a text sets and which the number opening a note, and both are written as
 * `[^1]` and `[^1]:`. Apart from the rest of inline Markdown because the
 * spacing of a line's words asks the same of its spans.
 *
 * @module
 */
import type { Span } from "./types.ts";

/** True for the number opening a note, as the structure tree or the page's look (`plain_notes.ts`) tells it. */
export function noteLabel(span: Span | undefined): boolean {
  return !!span?.tag?.noteLabel || span?.plainNote === "label";
}

/** What a note's own label is: a number, a reference symbol, a letter or two. */
export const NOTE_LABEL = /^(?:\p{N}+|[*∗†‡§¶]+|\p{L}{1,2})$/u;

/**
 * A note's mark or label as Markdown's footnote syntax, where the structure
 * tree tells them: the mark the text sets as `[^1]`, the note's own number
 * opening its text as `[^1]:`; undefined for any other span.
 *
 * @param prev The span before it on its line, if any.
 */
export function noteMarkup(span: Span, prev: Span | undefined): string | undefined {
  const ref = !!span.tag?.noteRef || span.plainNote === "ref";
  if (!ref && !noteLabel(span)) return undefined;
  const number = span.text.trim();
  if (!number || !/^[\p{L}\p{N}*†‡§¶]+$/u.test(number)) return undefined;
  // A note's lead the tree tags whole (TeX Live 2022 files a note's mark and words in one piece): only a
  // mark-like first piece is its label, the words after it its text.
  if (noteLabel(span) && (noteLabel(prev) || !NOTE_LABEL.test(number))) return undefined;
  return ref ? `[^${number}]` : `[^${number}]:`;
}
