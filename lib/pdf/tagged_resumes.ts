/**
 * A tagged paragraph that resumes after notes set in its way. On a page of
 * two columns a typesetter puts each column's footnotes at its foot, so a
 * paragraph that runs from the bottom of the left column to the top of the
 * right one is read, line by line, as its first part, the left column's notes,
 * then the rest. The structure tree files both parts under one `P` (and the
 * notes under their `Note`s, elsewhere in the tree): the rest goes on with the
 * first part, and the notes follow the paragraph, where Markdown writes a
 * note's text anyway.
 *
 * Where it does not fire: a paragraph broken by anything but notes (a display
 * formula, a float, a heading: their order stays the page's); one on another
 * page (each page's tree numbers its elements afresh); untagged lines.
 *
 * @module
 */
import { blockId, type Draft } from "./draft.ts";
import type { Line } from "./types.ts";

/** Most notes one column's foot holds between a paragraph's two parts. */
const MOST_NOTES = 8;

/** True when the structure tree files every word of `draft` under a note (`Note`, `FENote`). */
export function allNotes(draft: Draft): boolean {
  return draft.lines.every((l) => l.spans.every((s) => s.tag?.note || !s.text.trim()));
}

/**
 * The draft of this page whose tagged paragraph `line` resumes past the notes
 * drafted after it (see the module comment), or undefined.
 */
export function resumedParagraph(drafts: readonly Draft[], line: Line): Draft | undefined {
  const tag = line.spans[0]?.tag;
  if (!tag?.paragraph || tag.note || tag.listItem || tag.heading || tag.cell) return undefined;
  for (let i = drafts.length - 1, notes = 0; i >= 0 && notes <= MOST_NOTES; i--, notes++) {
    const draft = drafts[i]!;
    if (draft.page !== line.page) return undefined;
    const last = draft.lines.at(-1)!;
    if (blockId(last) === tag.block) return notes > 0 && draft.kind === "text" ? draft : undefined;
    if (!allNotes(draft)) return undefined;
  }
  return undefined;
}
