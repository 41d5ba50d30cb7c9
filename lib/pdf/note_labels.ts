/**
 * Footnote labels made unique over a document. A tagged note's mark and its
 * text are written in Markdown's footnote syntax (`[^1]`, `[^1]:`, see
 * `note_markup.ts`) with the number the page prints; a book numbers its notes
 * afresh in each chapter, so two notes may print `1`, and Markdown would tie
 * every `[^1]` to the first of them. Where a number is printed again, every
 * note is labelled by its place among the document's notes (`[^1]` … `[^n]`,
 * the numbers a Markdown renderer shows, which numbers notes once through
 * whatever their labels), and so is each mark before it that refers to it (a
 * mark refers to the next note of its number). A document whose notes are
 * numbered once through is unchanged. A note whose mark the text never sets
 * (a title's note, its mark tagged apart from it) is written as its text
 * after its printed mark: a Markdown renderer shows no note nothing refers to.
 *
 * @module
 */
import type { Block } from "./types.ts";

/** A note's mark (`[^1]`) or a note's own label opening its text (`[^1]:`). */
const NOTE_LABEL = /\[\^([^\]\s]+)\](:?)/g;

/** True for a block whose text may hold notes' labels (code's text is not the document's markup). */
function holdsLabels(block: Block): block is Block & { text: string } {
  return "text" in block && block.kind !== "code" && block.text.includes("[^");
}

/** Each note's place in the document (from 1), keyed by its printed label and how many of that label came before. */
function notePlaces(blocks: readonly Block[]): Map<string, number> {
  const places = new Map<string, number>();
  const defined = new Map<string, number>();
  for (const block of blocks) {
    if (!holdsLabels(block)) continue;
    for (const [, number, colon] of block.text.matchAll(NOTE_LABEL)) {
      if (!colon) continue;
      const nth = (defined.get(number!) ?? 0) + 1;
      defined.set(number!, nth);
      places.set(`${number}#${nth}`, places.size + 1);
    }
  }
  return places;
}

/** A note's own label opening a block's text (`[^1]: `). */
const NOTE_DEFINITION = /^\[\^([^\]\s]+)\]:\s*/;

/** `blocks` with each note no mark refers to written as its printed mark and its text (see the module comment). */
export function unmarkedNotesAsText(blocks: Block[]): Block[] {
  if (!blocks.some(holdsLabels)) return blocks;
  const marked = new Set<string>();
  for (const block of blocks) {
    if (!holdsLabels(block)) continue;
    for (const [, number, colon] of block.text.matchAll(NOTE_LABEL)) if (!colon) marked.add(number!);
  }
  return blocks.map((block) => {
    if (!holdsLabels(block)) return block;
    const label = NOTE_DEFINITION.exec(block.text)?.[1];
    if (label === undefined || marked.has(label)) return block;
    return { ...block, text: block.text.replace(NOTE_DEFINITION, `${label} `) };
  });
}

/** `blocks` with every footnote label, and the marks that refer to it, made unique (see the module comment). */
export function uniqueNoteLabels(blocks: Block[]): Block[] {
  if (!blocks.some(holdsLabels)) return blocks;
  const places = notePlaces(blocks);
  if (![...places.keys()].some((key) => !key.endsWith("#1"))) return blocks;
  /** How many notes of each label were defined so far. */
  const defined = new Map<string, number>();
  return blocks.map((block) => {
    if (!holdsLabels(block)) return block;
    const text = block.text.replace(NOTE_LABEL, (_, number: string, colon: string) => {
      const nth = (defined.get(number) ?? 0) + 1;
      if (colon) defined.set(number, nth);
      // A mark whose note the pages never give keeps its number with its count.
      const place = places.get(`${number}#${nth}`);
      return `[^${place ?? (nth <= 1 ? number : `${number}-${nth}`)}]${colon}`;
    });
    return { ...block, text };
  });
}
