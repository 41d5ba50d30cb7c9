/**
 * Footnote labels made unique over a document. A tagged note's mark and its
 * text are written in Markdown's footnote syntax (`[^1]`, `[^1]:`, see
 * `inline.ts`) with the number the page prints; a book numbers its notes
 * afresh in each chapter, so two notes may print `1`, and Markdown would tie
 * every `[^1]` to the first of them. Each later note of a number that was
 * already defined takes the number with its count (`[^1-2]`), and so do the
 * marks before it that refer to it (a mark refers to the next note of its
 * number). A document whose notes are numbered once through is unchanged.
 *
 * @module
 */
import type { Block } from "./types.ts";

/** A note's mark (`[^1]`) or a note's own label opening its text (`[^1]:`). */
const NOTE_LABEL = /\[\^([^\]\s]+)\](:?)/g;

/** `blocks` with each repeated footnote label, and the marks that refer to it, made unique. */
export function uniqueNoteLabels(blocks: Block[]): Block[] {
  if (!blocks.some((b) => "text" in b && b.kind !== "code" && b.text.includes("[^"))) return blocks;
  /** How many notes of each label were defined so far. */
  const defined = new Map<string, number>();
  const label = (number: string, nth: number) => nth <= 1 ? number : `${number}-${nth}`;
  return blocks.map((block) => {
    if (!("text" in block) || block.kind === "code" || !block.text.includes("[^")) return block;
    const text = block.text.replace(NOTE_LABEL, (_, number: string, colon: string) => {
      const nth = (defined.get(number) ?? 0) + 1;
      if (colon) defined.set(number, nth);
      return `[^${label(number, nth)}]${colon}`;
    });
    return { ...block, text };
  });
}
