/**
 * Code blocks: monospace lines rebuilt with their indentation and inner
 * alignment, measured in character cells, and blank lines restored from
 * vertical gaps.
 *
 * @module
 */
import { rowsHungLikeWrapped } from "./code_hung_rows.ts";
import { isWrappedAtEdge } from "./code_edge_wraps.ts";
import { isWrappedRow } from "./code_row_gaps.ts";
import { joinWrappedRow } from "./code_row_joins.ts";
import { lastTextSpan } from "./span_text.ts";
import type { DocumentStats } from "./stats.ts";
import type { Line } from "./types.ts";
import { least } from "./extremes.ts";

/** The width of one character cell: the median advance of the lines' monospace glyphs. */
function cellWidth(lines: readonly Line[]): number {
  const widths: number[] = [];
  for (const line of lines) {
    for (const span of line.spans) {
      const count = [...span.text].length;
      if (count > 0 && span.width > 0) widths.push(span.width / count);
    }
  }
  widths.sort((a, b) => a - b);
  return widths[Math.floor(widths.length / 2)] ?? (lines[0]?.size ?? 10) * 0.6;
}

/**
 * The text of a code block.
 *
 * @param lines Monospace lines in order.
 * @param stats Typography, for the usual line distance.
 */
export function codeBlockText(lines: readonly Line[], stats: DocumentStats): string {
  const cell = cellWidth(lines);
  const lefts = columnLefts(lines);
  const out: string[] = [];
  let prev: Line | undefined;
  const hung = rowsHungLikeWrapped(lines, stats);
  for (const [k, line] of lines.entries()) {
    const dy = prev === undefined ? 0 : line.y - prev.y;
    // A row wrapped at a page turn opens the next page (`code_turn_wraps.ts`).
    const turned = prev !== undefined && line.page > prev.page;
    const wrapped = (dy > 0 &&
      (isWrappedRow(dy, stats.codeRowGaps?.(line.size)) || isWrappedAtEdge(line) || hung.has(line))) ||
      (turned && isWrappedAtEdge(line));
    if (wrapped) {
      out.push(
        joinWrappedRow(out.pop()!, rowText(line, line.x0, cell).trimEnd(), brokenAtSpace(prev!, stats)),
      );
      prev = line;
      continue;
    }
    if (prev) {
      const blank = Math.round(dy / stats.codeLineGap(line.size)) - 1;
      for (let k = 0; k < Math.min(blank, 2); k++) out.push("");
    }
    out.push(rowText(line, lefts[k]!, cell).trimEnd());
    prev = line;
  }
  return out.join("\n");
}

/**
 * Whether wrapped row `row` broke at a space: true where the page draws one
 * after it, false where it draws none and the document's listings show the
 * spaces they break at (`line_end_spaces.ts`) and its page's were read,
 * unknown otherwise.
 */
function brokenAtSpace(row: Line, stats: DocumentStats): boolean | undefined {
  if (lastTextSpan(row.spans)?.spaceAfter) return true;
  return stats.drawsBreakSpaces?.(row.page) ? false : undefined;
}

/**
 * Each line's left edge to indent from: the leftmost of the lines in its
 * column, a listing that runs on at the top of the next column starting a new one.
 */
function columnLefts(lines: readonly Line[]): number[] {
  const lefts: number[] = [];
  let start = 0;
  const close = (end: number) => {
    const left = least(lines.slice(start, end).map((l) => l.x0));
    for (let k = start; k < end; k++) lefts.push(left);
    start = end;
  };
  for (let k = 1; k < lines.length; k++) if (lines[k]!.y < lines[k - 1]!.y) close(k);
  close(lines.length);
  return lefts;
}

/** A row of code as text, set in from `left` by whole character cells of width `cell`. */
function rowText(line: Line, left: number, cell: number): string {
  let text = " ".repeat(Math.max(0, Math.round((line.x0 - left) / cell)));
  let end = line.x0;
  for (const span of line.spans) {
    const gap = span.x - end;
    // Spaces are whole cells; a third of one is a slanted glyph's advance measured short.
    if (end !== line.x0 && gap >= cell * 0.5 && !/\s$/.test(text) && !/^\s/.test(span.text)) {
      text += " ".repeat(Math.max(1, Math.round(gap / cell)));
    }
    text += span.text;
    end = span.x + span.width;
  }
  return text;
}
