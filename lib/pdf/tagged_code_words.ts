/**
 * Inline code on a row of its own, where the structure tree says so. In a
 * narrow column a code span holding a space (`org.gnome.desktop.interface
 * color-scheme`) may fill a row by itself, and a row wholly of code reads as
 * a one-row listing where the text's spacing cannot tell it apart. A tree
 * that files the row under the paragraph the line above it is in says it is
 * that paragraph's inline code: a listing is a block of its own.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import type { Line } from "./types.ts";

/**
 * True when every text span of `line` and of the last line of paragraph
 * `draft` is tagged inside one and the same `P`.
 */
export function codeRowOfTaggedParagraph(draft: Draft, line: Line): boolean {
  const prev = draft.lines.at(-1);
  if (draft.kind !== "text" || draft.heading || !prev) return false;
  const spans = [...prev.spans, ...line.spans].filter((s) => s.text.trim());
  const block = spans[0]?.tag?.block;
  return block !== undefined && spans.every((s) => s.tag?.paragraph && s.tag.block === block);
}
