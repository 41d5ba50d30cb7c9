/**
 * Section numbers the typesetter adds. LaTeX and Sphinx number headings
 * ("4.1 Statistics") that the source and the document's own outline name
 * without a number ("Statistics"); the outline says what the author wrote.
 * A heading whose text is a section number and then an outline entry's
 * title, where the whole is no entry's title, is written as the title alone.
 *
 * @module
 */
import { matchKey } from "./headings.ts";
import type { Block } from "./types.ts";

/** A section number opening a heading: `4`, `4.1`, `A.2.`, followed by a space. */
const SECTION_NUMBER = /^(?:\d+|[A-Z])(?:\.\d+)*\.?\s+(?=\S)/;

/**
 * The block with the section number dropped from its heading text when the
 * outline names the heading without it (see the module's comment).
 *
 * @param titles The outline's titles as `matchKey` gives them.
 */
export function withoutAddedNumber(block: Block, titles: ReadonlySet<string>): Block {
  if (block.kind !== "heading" || titles.size === 0) return block;
  const number = SECTION_NUMBER.exec(block.text);
  if (!number || titles.has(matchKey(block.text))) return block;
  const rest = block.text.slice(number[0].length);
  return titles.has(matchKey(rest)) ? { ...block, text: rest } : block;
}
