/**
 * Section numbers and labels the typesetter adds. LaTeX and Sphinx number
 * headings ("4.1 Statistics", "Chapter 4 Statistics") that the source and the
 * document's own outline name without the label ("Statistics"); the outline
 * says what the author wrote. A heading whose text is a label and then an
 * outline entry's title, where the whole is no entry's title, is written as
 * the title alone. The one pattern serves the finished blocks of every
 * document and the outline's heading settling (`heading_styles.ts`).
 *
 * @module
 */
import { matchKey } from "./headings.ts";
import type { Block } from "./types.ts";

/**
 * A typesetter's label before a title: a section number (`2`, `2.1.`, `A.3`),
 * or a word and a number (`Chapter 4`, `Appendix B`, `Part IV`).
 */
export const LABEL = /^(?:\p{L}{2,12}\s+)?(?:\d+|[IVXLC]+|[A-Z])(?:\.\d+)*\.?(?=\s|$)/u;

/**
 * The title left when `text` is a label and then a title the outline names
 * while the whole is none of its titles; otherwise `undefined`.
 *
 * @param titles The outline's titles as `matchKey` gives them.
 */
export function labelledTitle(text: string, titles: ReadonlySet<string>): string | undefined {
  const label = LABEL.exec(text)?.[0];
  if (!label || titles.has(matchKey(text))) return undefined;
  const rest = text.slice(label.length).trimStart();
  return rest && titles.has(matchKey(rest)) ? rest : undefined;
}

/** A section number of two parts or more opening a heading ("3.11.1 Numbering hierarchy"). */
const DEEP_NUMBER = /^(\d+(?:\.\d+)+)\.?\s+(?=\S)/;

/**
 * The block with the label dropped from its heading text when the outline
 * names the heading without it (see the module's comment). An outline often
 * stops a level or two above the deepest headings; a heading numbered under
 * one whose number was dropped ("3.11.1" under "3.11") loses its number too,
 * as the document's numbering is one throughout.
 *
 * @param titles The outline's titles as `matchKey` gives them.
 * @param dropped The section numbers dropped so far, in document order; added to.
 */
export function withoutAddedNumber(
  block: Block,
  titles: ReadonlySet<string>,
  dropped: Set<string> = new Set(),
): Block {
  if (block.kind !== "heading" || titles.size === 0) return block;
  const rest = labelledTitle(block.text, titles);
  if (rest !== undefined) {
    const number = /^\d+(?:\.\d+)*/.exec(LABEL.exec(block.text)![0]);
    if (number) dropped.add(number[0]);
    return { ...block, text: rest };
  }
  const deep = DEEP_NUMBER.exec(block.text);
  if (!deep || !dropped.has(deep[1]!.slice(0, deep[1]!.lastIndexOf(".")))) return block;
  dropped.add(deep[1]!);
  return { ...block, text: block.text.slice(deep[0].length) };
}
