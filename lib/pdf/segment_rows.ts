/**
 * Rows of a page's lines for segmentation (`segment.ts`): the pieces on one
 * baseline that make one line (the words of a justified line stretched apart,
 * inline code in prose), an aligned table that is not a run-in heading's
 * paragraphs or a listing, and the right edge justified text is stretched to.
 *
 * @module
 */
import { isCodeLine } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { proseUnderCode } from "./prose_under_code.ts";
import { runInSplit } from "./run_in.ts";
import type { DocumentStats } from "./stats.ts";
import { nearSize } from "./stats.ts";
import { detectTable } from "./tables.ts";
import type { TableSearchBudget } from "./table_search_budget.ts";
import { besideParagraph } from "./side_by_side_paragraphs.ts";
import type { Line } from "./types.ts";
import { greatest, least } from "./extremes.ts";
import { onOneRow } from "./one_row.ts";

/**
 * Lines from `start` on the same baseline as it (cells of a row that is not a
 * table, or the words of a justified line stretched apart). Code and prose
 * pieces join only when a stretched space parts them, or the structure tree
 * files both under one paragraph: inline code in a line of prose, not a
 * listing beside text.
 *
 * @param justifiedRight The right edge of a justified page's text, where lines are stretched to.
 */
export function sameRow(
  lines: readonly Line[],
  start: number,
  stats: DocumentStats,
  justifiedRight?: number,
): Line[] {
  const first = lines[start]!;
  let end = start + 1;
  while (end < lines.length && onOneRow(first, lines[end]!)) {
    const line = lines[end]!, prev = lines[end - 1]!;
    if (line.x0 < prev.x1 || besideParagraph(lines, prev, line)) break;
    if (
      isCodeLine(line) !== isCodeLine(first) &&
      !stretchedApart(prev, line, stats, justifiedRight, !isCodeLine(first)) &&
      !inOneTaggedParagraph([prev, line])
    ) break;
    end++;
  }
  return lines.slice(start, end);
}

/** The widest a justified line stretches a word space, in ems. */
const STRETCHED_SPACE_EM = 4;

/**
 * The widest a word space stretches in a justified line that has almost no
 * other space to stretch, in ems: inline code's spaces keep their width, so a
 * line of prose ending in long code puts all its stretch in the few spaces
 * of its prose.
 */
const LONE_STRETCHED_SPACE_EM = 8;

/**
 * True when two pieces of one body-size line are parted by no more than a
 * stretched word space; wider when prose is followed by code that ends at
 * the right edge a justified page's lines are stretched to. (Code followed by
 * prose at a distance is a label and its description.) In a row that opens
 * with prose (`proseRow`), a piece of code may be at the document's code
 * size: inline code set smaller than its prose (a monospace font scaled to
 * the prose's lowercase) that a narrow column's stretched spaces part from it.
 */
function stretchedApart(
  left: Line,
  right: Line,
  stats: DocumentStats,
  justifiedRight?: number,
  proseRow = false,
): boolean {
  const body = (l: Line) =>
    nearSize(l.size, stats.bodySize) ||
    (proseRow && stats.codeSize !== undefined && isCodeLine(l) && nearSize(l.size, stats.codeSize));
  if (!body(left) || !body(right)) return false;
  const stretched = justifiedRight !== undefined && isCodeLine(right) && !isCodeLine(left) &&
    Math.abs(right.x1 - justifiedRight) < 1;
  return right.x0 - left.x1 <= stats.bodySize * (stretched ? LONE_STRETCHED_SPACE_EM : STRETCHED_SPACE_EM);
}

/** One line from the pieces of a row, left to right. */
export function joinRow(row: readonly Line[]): Line {
  const spans = row.flatMap((l) => l.spans);
  return { ...row[0]!, spans, x1: greatest(row.map((l) => l.x1)) };
}

/**
 * An aligned table at `lines[start]`; aligned columns wholly in a monospace
 * font are code (help text), and so are they with prose straight under them
 * (`prose_under_code.ts`), rows that each open with a run-in heading are
 * paragraphs, rows the structure tree files under list items (a label
 * and its body side by side, as a nomenclature or a description list sets
 * them) are the list, and rows it files wholly under one paragraph (a
 * fraction's numerator and denominator set in a line of prose, on
 * baselines of their own) are that paragraph. `budget` is the page's
 * allowance for the search (`table_search_budget.ts`).
 */
export function alignedTable(
  lines: readonly Line[],
  start: number,
  stats: DocumentStats,
  budget?: TableSearchBudget,
) {
  return detectTable(lines, start, (end) => {
    const rows = lines.slice(start, end);
    return !rows.every(isCodeLine) && !proseUnderCode(rows) && !runInRows(rows, stats) &&
      !rows.every(inTaggedItem) &&
      !inOneTaggedParagraph(rows) && !justifiedProse(rows, stats);
  }, budget);
}

/** How much wider than a row's narrowest gap its widest may be for the row to be one justified line. */
const EVEN_GAPS = 1.35;

/**
 * True when rows are lines of justified prose whose stretched words happen
 * to line up (a narrow column leaves few words a line): every row runs from
 * one shared left edge to one shared right edge, its pieces parted by gaps
 * alike (a justified line stretches each word space alike; two or more
 * compared, the wider ones after punctuation left out) and no wider than a
 * stretched word space; the last row may be the paragraph's last line, set
 * short of the right edge. A table's gaps follow its
 * columns' widths, not its words'.
 */
function justifiedProse(lines: readonly Line[], stats: DocumentStats): boolean {
  const first = lines[0]!;
  let right: number | undefined;
  for (let i = 0; i < lines.length;) {
    const row = lines.slice(i, i + sameRow(lines, i, stats).length);
    i += row.length;
    const end = row.at(-1)!.x1;
    right ??= end;
    // A paragraph's last line is set at its words' own width, short of the edge the others stretch to.
    if (i === lines.length && i > row.length && end < right - 1) return Math.abs(row[0]!.x0 - first.x0) <= 1;
    if (Math.abs(row[0]!.x0 - first.x0) > 1 || Math.abs(end - right) > 1) return false;
    // TeX stretches a space after punctuation further: those gaps are not compared.
    const gaps = row.slice(1).filter((_, k) => !/[.,;:!?]$/.test(plainLineText(row[k]!)))
      .map((l) => l.x0 - row[row.indexOf(l) - 1]!.x1);
    if (gaps.length < 2) return false;
    const widest = greatest(gaps), narrowest = least(gaps);
    if (narrowest <= 0 || widest > narrowest * EVEN_GAPS || widest > stats.bodySize * STRETCHED_SPACE_EM) {
      return false;
    }
  }
  return true;
}

/** True for a line the structure tree files wholly under list items. */
function inTaggedItem(line: Line): boolean {
  return line.spans.every((s) => s.tag?.listItem || !s.text.trim());
}

/** True when the structure tree files every word of `lines` under one paragraph (`P`) and none in a table cell. */
function inOneTaggedParagraph(lines: readonly Line[]): boolean {
  const blocks = new Set<number>();
  for (const span of lines.flatMap((l) => l.spans)) {
    if (!span.text.trim()) continue;
    if (!span.tag?.paragraph || span.tag.cell) return false;
    blocks.add(span.tag.block);
  }
  return blocks.size === 1;
}

/**
 * True when every row of two or more cells is a run-in heading and its text:
 * a bold first cell, then the text a quad further on. Cells of a real table
 * stand at shared column edges, so the gap after the first varies with its
 * text.
 */
function runInRows(lines: readonly Line[], stats: DocumentStats): boolean {
  let rows = 0;
  for (let i = 0; i < lines.length;) {
    const row = sameRow(lines, i, stats);
    i += row.length;
    if (row.length < 2) continue;
    if (runInSplit(joinRow(row)) < 0) return false;
    rows++;
  }
  return rows > 0;
}

/** Fewest lines ending together at the right edge of a page's text for it to count as justified. */
export const JUSTIFIED_LINES = 3;

/**
 * The rightmost edge that at least {@linkcode JUSTIFIED_LINES} of a page's
 * lines of prose end at (justified text): a table or an overfull line may run
 * further.
 */
export function justifiedEdge(prose: readonly Line[]): number | undefined {
  const ends = new Map<number, number>();
  for (const line of prose) ends.set(Math.round(line.x1), (ends.get(Math.round(line.x1)) ?? 0) + 1);
  let edge: number | undefined;
  for (const [x, n] of ends) if (n >= JUSTIFIED_LINES && (edge === undefined || x > edge)) edge = x;
  return edge;
}
