/**
 * Footnotes written after the text. A page prints its notes at its foot, so
 * the converter reads each note where its page ends, between two paragraphs
 * of the text (or inside one a page turn splits). A Markdown note's place
 * means nothing to a renderer, which shows every note at the document's end;
 * written there, as pandoc and GitHub write them, they no longer stand
 * between the text's paragraphs. Where pages are marked in the output, each
 * note stays on its page.
 *
 * @module
 */
import type { Block } from "./types.ts";

/** A note's own label opening a paragraph (`[^1]: `). */
const NOTE_DEFINITION = /^\[\^[^\]\s]+\]:/;

function isNote(block: Block): boolean {
  return block.kind === "paragraph" && block.itemDepth === undefined && NOTE_DEFINITION.test(block.text);
}

/** `blocks` with every note (a paragraph opening with its label) moved after the rest, in order. */
export function notesLast(blocks: Block[]): Block[] {
  const notes = blocks.filter(isNote);
  return notes.length === 0 ? blocks : [...blocks.filter((block) => !isNote(block)), ...notes];
}
