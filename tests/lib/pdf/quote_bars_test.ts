/**
 * Spans beside a quote's painted rule carry the rule's number; a quote
 * nested in a quote, each with its rule, belongs to the outer one.
 */
import assert from "node:assert/strict";
import { addVectorBullets, type Mark } from "../../../lib/pdf/vector_marks.ts";
import type { Span } from "../../../lib/pdf/types.ts";

const FONT = { name: "Helvetica", bold: false, italic: false, monospace: false };

function span(text: string, x: number, y: number): Span {
  return { text, x, y, width: 200, size: 10, font: FONT };
}

/** A thin upright filled rule from `y0` to `y1` whose right edge is at `x1`. */
function rule(x1: number, y0: number, y1: number): Mark {
  return { x0: x1 - 3, x1, y0, y1, filled: true, bar: true };
}

Deno.test("a paragraph beside two rules, a quote nested in a quote, takes the outer rule", () => {
  const spans = [
    span("The inspector of 1911 wrote:", 84, 100),
    span("The tower is sound.", 97, 124),
    span("We found the rail as he described it.", 84, 148),
  ];
  // The inner rule painted after the outer one, and before it: the outer rule wins either way.
  for (const marks of [[rule(72, 88, 152), rule(85, 112, 128)], [rule(85, 112, 128), rule(72, 88, 152)]]) {
    const out = addVectorBullets(spans.map((s) => ({ ...s })), marks);
    const outer = marks.findIndex((m) => m.x1 === 72);
    assert.deepEqual(out.map((s) => s.bar), [outer, outer, outer]);
  }
});

Deno.test("paragraphs beside two rules one under the other keep a rule each", () => {
  const spans = [span("Fog since noon.", 84, 100), span("Please do not touch the lens.", 84, 160)];
  const out = addVectorBullets(spans, [rule(72, 88, 104), rule(72, 148, 164)]);
  assert.deepEqual(out.map((s) => s.bar), [0, 1]);
});
