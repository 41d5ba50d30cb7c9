/**
 * Paragraphs set side by side on one baseline: a figure's sub-figures each
 * carry a label of their own (`(a)`, `(b)`) under them, which LaTeX's tagging
 * code files as a `P` each. Read as a row they ran together (`(a) (b)`). Two
 * pieces of a row stand apart when the tree files them under different
 * paragraphs, each wholly on that row (neither runs on to a line above or
 * below, as a column's text would), with a gap of some ems between them.
 *
 * @module
 */
import { apartInTree } from "./draft.ts";
import type { Line } from "./types.ts";

/** Ems of space at least between two paragraphs set side by side. */
const SIDE_GAP_EM = 2;

/** The tagged paragraphs a line's words belong to, or null when a word belongs to none. */
function paragraphBlocks(line: Line): Set<number> | null {
  const blocks = new Set<number>();
  for (const span of line.spans) {
    if (!span.text.trim()) continue;
    if (!span.tag?.paragraph || span.tag.cell) return null;
    blocks.add(span.tag.block);
  }
  return blocks.size > 0 ? blocks : null;
}

/**
 * True when `line`, after `prev` on one baseline, is a paragraph of its own set beside it (see the module's
 * comment), not more of `prev`'s row.
 *
 * @param lines The page's lines, which neither paragraph may reach into.
 */
export function besideParagraph(lines: readonly Line[], prev: Line, line: Line): boolean {
  if (line.x0 - prev.x1 < Math.min(prev.size, line.size) * SIDE_GAP_EM || !apartInTree(prev, line)) {
    return false;
  }
  const left = paragraphBlocks(prev), right = paragraphBlocks(line);
  if (!left || !right) return false;
  return lines.every((other) =>
    other === prev || other === line ||
    !other.spans.some((s) => s.tag && (left.has(s.tag.block) || right.has(s.tag.block)))
  );
}
