/**
 * A display formula the structure tree tags (`Formula` set apart from the
 * text, as LaTeX's tagging code writes every display equation). Its pieces
 * stand on baselines of their own (a fraction's numerator and denominator,
 * a matrix' rows, the equation's number at the margin) and, aligned, read as
 * a table or as paragraphs; they are one formula, kept as one block of text.
 *
 * @module
 */
import { blockId } from "./draft.ts";
import type { Line } from "./types.ts";

/** True for a line wholly inside a display formula the structure tree tags. */
function inFormula(line: Line): boolean {
  return line.spans.some((s) => s.tag?.formula) && line.spans.every((s) => s.tag?.formula || !s.text.trim());
}

/**
 * The index after the tagged display formula that starts at `lines[start]`
 * (its lines, in reading order, all of one structure element), or null when
 * none starts there.
 */
export function taggedFormulaEnd(lines: readonly Line[], start: number): number | null {
  const first = lines[start]!;
  if (!inFormula(first)) return null;
  const element = blockId(first);
  let end = start + 1;
  while (end < lines.length && inFormula(lines[end]!) && blockId(lines[end]!) === element) end++;
  return end;
}
