/**
 * Footnotes at a page's foot, each a raised small mark hung left of its
 * text, are no table: `detectTable` turns down rows its marks open.
 */
import assert from "node:assert/strict";
import { detectTable } from "../../../lib/pdf/tables.ts";
import type { FontStyle, Line } from "../../../lib/pdf/types.ts";

const serif: FontStyle = { name: "CMR8", bold: false, italic: false, monospace: false };

/** A line of one span of `text` at `size`, from `x` on baseline `y`. */
function piece(text: string, x: number, y: number, size: number): Line {
  const width = text.length * size * 0.5;
  return { spans: [{ text, x, y, width, size, font: serif }], x0: x, x1: x + width, y, size, page: 1 };
}

/** Two notes as AASTeX sets them: the mark 6 points, raised 2.3 points, 10 points left of the 8-point text. */
function notes(raise: number, markSize: number): Line[] {
  return [
    piece("1", 67.7, 701 - raise, markSize),
    piece("http://www.latex-project.org/", 82.2, 701, 8),
    piece("2", 67.7, 713 - raise, markSize),
    piece("see Section B in the Appendix for more details.", 82.2, 713, 8),
  ];
}

Deno.test("rows of footnotes, each opening with a raised smaller mark, are no table", () => {
  assert.equal(detectTable(notes(2.3, 6), 0), null);
});

Deno.test("rows whose first cells stand on the text's baseline at its size stay a table", () => {
  const table = detectTable(notes(0, 8), 0);
  assert.deepEqual(table?.rows, [["1", "http://www.latex-project.org/"], [
    "2",
    "see Section B in the Appendix for more details.",
  ]]);
});
