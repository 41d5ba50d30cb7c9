import assert from "node:assert/strict";
import { holdsWord, lastTextSpan } from "../../../lib/pdf/span_text.ts";
import type { Span } from "../../../lib/pdf/types.ts";

/** A span of `text` at `x`. */
function span(text: string, x: number): Span {
  const font = { name: "Serif", bold: false, italic: false, monospace: false };
  return { text, x, y: 100, width: text.length * 5, size: 10, font };
}

Deno.test("lastTextSpan skips the spaces a line ends with", () => {
  const spans = [span("a word", 0), span("end", 40), span("  ", 60), span("", 70)];
  assert.equal(lastTextSpan(spans), spans[1]);
  assert.equal(lastTextSpan([span(" ", 0)]), undefined);
  assert.equal(lastTextSpan([]), undefined);
});

Deno.test("holdsWord tells two letters in a row from numbers, marks, leaders and single letters", () => {
  for (const text of ["Table", "(continued)", "x1 of", "Été"]) assert.ok(holdsWord(text), text);
  for (const text of ["12", "•", ". . . . 4", "a)", "3.1 b", ""]) assert.ok(!holdsWord(text), text);
});
