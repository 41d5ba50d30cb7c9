/**
 * Code blocks: monospace lines rebuilt with their indentation and inner
 * alignment, measured in character cells, and blank lines restored from
 * vertical gaps.
 *
 * @module
 */
import type { DocumentStats } from "./stats.ts";
import type { Line } from "./types.ts";

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
  const left = Math.min(...lines.map((l) => l.x0));
  const out: string[] = [];
  let prev: Line | undefined;
  for (const line of lines) {
    if (prev) {
      const blank = Math.round((line.y - prev.y) / stats.codeLineGap(line.size)) - 1;
      for (let k = 0; k < Math.min(blank, 2); k++) out.push("");
    }
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
    out.push(text.trimEnd());
    prev = line;
  }
  return out.join("\n");
}
