/**
 * A paragraph's drop capital (`\IEEEPARstart`: `T` sunk over two rows, `HIS`
 * right of it on the first) runs into its word on the first row, and the
 * rows beside it stay rows of their own (`lib/pdf/drop_capitals.ts`).
 */
import assert from "node:assert/strict";
import { inlineDropCapitals } from "../../../lib/pdf/drop_capitals.ts";
import { buildLines } from "../../../lib/pdf/layout.ts";
import { plainLineText } from "../../../lib/pdf/span_spacing.ts";
import type { Span } from "../../../lib/pdf/types.ts";

const FONT = { name: "Times-Roman", bold: false, italic: false, monospace: false };

/** Words on a row at baseline `y` from `x`, 5 points a character and a space of 5 between. */
function row(text: string, x: number, y: number, size = 10): Span[] {
  return text.split(" ").map((word) => {
    const span = { text: word, x, y, width: word.length * 5, size, font: FONT };
    x += span.width + 5;
    return span;
  });
}

const CAP: Span = { text: "T", x: 49, y: 265.9, width: 19.6, size: 29.4, font: FONT };

Deno.test("a drop capital sunk over two rows runs into its word on the first row", () => {
  const spans = [
    CAP,
    ...row("HIS demo file is intended to serve as a", 70.1, 252.7),
    ...row("starter file for journal papers under", 70.1, 264.7),
    ...row("the class, version 1.8b and later.", 49, 276.6),
  ];
  const lines = buildLines(inlineDropCapitals(spans), 1).map(plainLineText);
  assert.deepEqual(lines, [
    "THIS demo file is intended to serve as a",
    "starter file for journal papers under",
    "the class, version 1.8b and later.",
  ]);
});

Deno.test("a large capital with one row beside it is no drop capital", () => {
  const spans = [CAP, ...row("HIS demo file is intended to serve as a", 70.1, 252.7)];
  assert.deepEqual(inlineDropCapitals(spans), spans);
});
