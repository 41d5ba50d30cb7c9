/**
 * Rows of code wrapped where a document draws the spaces its listings break
 * at (`drawn_break_rows.ts`), on made-up rows: 6 pt cells, a column whose
 * prose ends at 280.
 */
import assert from "node:assert/strict";
import { wrapsAtDrawnBreak } from "../../../lib/pdf/drawn_break_rows.ts";
import type { Line } from "../../../lib/pdf/types.ts";

/** A row of code at `x`, `y`, ending in a drawn space or not. */
function row(text: string, x: number, y: number, spaceAfter = false): Line {
  const font = { name: "DejaVu Sans Mono", bold: false, italic: false, monospace: true };
  const width = text.length * 6;
  const span = { text, x, y, width, size: 10, font, ...(spaceAfter ? { spaceAfter: true as const } : {}) };
  return { spans: [span], x0: x, x1: x + width, y, size: 10, page: 1 };
}

const EDGE = 280;

Deno.test("a row ending in a drawn space goes on where the next word would not have fitted after it", () => {
  const prev = row("Checks a firing plan against", 100, 400, true);
  assert.ok(wrapsAtDrawnBreak(prev, row("the https://kilns.example.org/", 100, 410), 6, EDGE));
  // A short row whose next word had room ended its source line, its trailing space the source's.
  assert.ok(!wrapsAtDrawnBreak(row("let a = 1;", 100, 400, true), row("let b = 2;", 100, 410), 6, EDGE));
});

Deno.test("a row ending after a path's slash in no drawn space goes on where the next word would not have fitted", () => {
  // Under a hanging indent, far from the edge: `dist/browser/` `axios.cjs"); // browser`.
  const prev = row("dist/browser/", 142, 400);
  assert.ok(wrapsAtDrawnBreak(prev, row('axios.cjs"); // browser', 142, 410), 6, EDGE));
  // A short path on the next line had room: the source line ended at the slash.
  assert.ok(!wrapsAtDrawnBreak(prev, row("index.js", 142, 410), 6, EDGE));
  // A row ending elsewhere in no drawn space tells nothing, however near the edge.
  assert.ok(
    !wrapsAtDrawnBreak(row('{"level":30,"time":', 166, 400), row("1531171074631,", 100, 410), 6, EDGE),
  );
});
