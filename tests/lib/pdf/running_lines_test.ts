import assert from "node:assert/strict";
import { runningLines } from "../../../lib/pdf/running_lines.ts";
import type { Line, PageText } from "../../../lib/pdf/types.ts";

const font = { name: "Serif", bold: false, italic: false, monospace: false };

/** A line of one span from `x0` to `x1` on baseline `y`. */
function line(text: string, x0: number, x1: number, y: number): Line {
  return { spans: [{ text, x: x0, y, width: x1 - x0, size: 11, font }], x0, x1, y, size: 11, page: 1 };
}

/** A one-page document: a head row, a text block, a foot row. */
function page(head: Line[], foot: Line[]): PageText {
  const body = [0, 1, 2, 3, 4].map((k) =>
    line("Running text of the page set full width.", 71, 524, 120 + k * 16)
  );
  return { page: 1, width: 595, height: 842, lines: [...head, ...body, ...foot] };
}

Deno.test("a one-page document's head and foot split between the text's edges are running lines", () => {
  const head = [line("Example PDF", 71, 130, 83), line("2017-02-20", 474, 524, 83)];
  const foot = [line("Author", 71, 102, 771), line("1", 519, 524, 771)];
  const found = runningLines([page(head, foot)]);
  assert.deepEqual([...head, ...foot].map((l) => found.has(l)), [true, true, true, true]);
});

Deno.test("a row short of the text's edges, or close to the text block, is no running line", () => {
  const short = [line("Example PDF", 71, 130, 83), line("2017-02-20", 400, 450, 83)];
  const near = [line("Total", 71, 102, 210), line("12", 519, 524, 210)];
  const found = runningLines([page(short, near)]);
  assert.equal([...short, ...near].some((l) => found.has(l)), false);
});
