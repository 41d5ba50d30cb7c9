/**
 * Pages laid out line by line for structure tests: body text, bold labels
 * and code lines at chosen places, converted to Markdown by the real
 * structure passes (no PDF, no pdf.js).
 *
 * @module
 */
import { renderMarkdown } from "../../lib/pdf/markdown.ts";
import { documentStats } from "../../lib/pdf/stats.ts";
import { buildBlocks } from "../../lib/pdf/structure.ts";
import type { FontStyle, Line, PageText } from "../../lib/pdf/types.ts";

/** Body size, and the distance between baselines. */
export const SIZE = 10, LEADING = 12;
/** The text column: left margin and right edge. */
export const LEFT = 72, RIGHT = 522;

const serif: FontStyle = { name: "Serif", bold: false, italic: false, monospace: false };
const bold: FontStyle = { ...serif, name: "Serif-Bold", bold: true };
const mono: FontStyle = { ...serif, name: "Mono", monospace: true };

/** A line of body text from `x0` to `x1` on baseline `y`; a label in `**` opens it in bold. */
export function line(text: string, x0: number, x1: number, y: number): Line {
  const label = /^\*\*(.+?)\*\* /.exec(text);
  const rest = label ? text.slice(label[0].length) : text;
  const labelWidth = label ? label[1]!.length * 5 : 0;
  const spans = label ? [{ text: label[1]!, x: x0, y, width: labelWidth, size: SIZE, font: bold }] : [];
  const restX = x0 + (label ? labelWidth + 5 : 0);
  spans.push({ text: rest, x: restX, y, width: x1 - restX, size: SIZE, font: serif });
  return { spans, x0, x1, y, size: SIZE, page: 1 };
}

/** A line wholly of code from `x0` on baseline `y`, 0.6 em a character, at `size` (body size by default). */
export function codeLine(text: string, x0: number, y: number, size = SIZE, { bold = false } = {}): Line {
  const width = text.length * 0.6 * size;
  const font = bold ? { ...mono, name: "Mono-Bold", bold } : mono;
  return { spans: [{ text, x: x0, y, width, size, font }], x0, x1: x0 + width, y, size, page: 1 };
}

/** A line of prose from `x0` on baseline `y`, 5 points a character, then inline code after a space. */
export function proseThenCode(prose: string, code: string, x0: number, y: number): Line {
  const text = line(prose, x0, x0 + prose.length * 5, y);
  const tail = codeLine(code, text.x1 + 5, y).spans[0]!;
  return { ...text, spans: [...text.spans, tail], x1: tail.x + tail.width };
}

/** A page of the lines given, in order. */
export function pageOf(lines: Line[]): PageText {
  return { page: 1, width: 595, height: 842, lines };
}

/** Lines set one under the other from the top of the page, each as `[text, x0, x1]`; `null` leaves a line blank. */
export function page(...rows: Array<[string, number, number] | null>): PageText {
  const lines: Line[] = [];
  rows.forEach((row, i) => {
    if (row) lines.push(line(row[0], row[1], row[2], 100 + i * LEADING));
  });
  return { page: 1, width: 595, height: 842, lines };
}

/** Lines at the baselines given, each as `[text, x0, x1, y]`. */
export function pageAt(...rows: Array<[string, number, number, number]>): PageText {
  return { page: 1, width: 595, height: 842, lines: rows.map(([text, x0, x1, y]) => line(text, x0, x1, y)) };
}

/** The Markdown of one page. */
export function markdown(text: PageText): string {
  return renderMarkdown(
    buildBlocks([text], { stats: documentStats([text]), outline: [], pageBreaks: false }),
  );
}

/** The paragraphs of some Markdown. */
export function paragraphs(text: string): string[] {
  return text.trim().split(/\n{2,}/);
}
