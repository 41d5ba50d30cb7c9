/**
 * A page's big signs set on their rows within an allowance of work: each
 * sign reads the page's spans for its row, so a page of thousands of signs
 * read the square of its spans; past `MAX_SIGN_READS` (signs times spans) a
 * page keeps its signs as drawn, and under it they come down to their rows.
 */
import assert from "node:assert/strict";
import { MAX_SIGN_READS, withSignsOnTheirRows } from "../../../lib/pdf/hanging_signs.ts";
import type { FontStyle, Span } from "../../../lib/pdf/types.ts";

const face = (name: string): FontStyle => ({ name, bold: false, italic: false, monospace: false });
const EXTENSION = face("CMEX10"), MATH = face("CMMI10");

/** `count` sums (`P` in Computer Modern's extension font), each hanging over an `x` on its row 6 points below. */
function sums(count: number): Span[] {
  const spans: Span[] = [];
  for (let i = 0; i < count; i++) {
    const x = 20 + (i % 40) * 14, y = 40 + Math.floor(i / 40) * 24;
    spans.push({ text: "P", x, y, width: 6, size: 10, font: EXTENSION });
    spans.push({ text: "x", x: x + 7, y: y + 6, width: 5, size: 10, font: MATH });
  }
  return spans;
}

Deno.test("withSignsOnTheirRows() sets each sign on the row it hangs over", () => {
  const spans = sums(20);
  const out = withSignsOnTheirRows(spans, () => true);
  const signs = out.filter((s) => s.font === EXTENSION);
  assert.equal(signs.length, 20);
  for (const sign of signs) {
    assert.equal(sign.text, "∑");
    assert.ok(out.some((s) => s.text === "x" && s.y === sign.y), `${sign.y} on its row`);
  }
});

Deno.test("withSignsOnTheirRows() keeps a page of more signs than its allowance as drawn", () => {
  // 500 signs among 1,000 spans: 500,000 reads, past the allowance; each sign read the page for its row.
  const spans = sums(500);
  assert.ok(500 * spans.length > MAX_SIGN_READS);
  const out = withSignsOnTheirRows(spans, () => true);
  assert.equal(out, spans);
  assert.ok(out.every((s) => s.font !== EXTENSION || s.text === "P"));
});

Deno.test("withSignsOnTheirRows() moves no sign read into another's limits: its own limit stays text", () => {
  // `\sum_{\sum^{j} k}`: the small sum under the big one is one of its limits; its own upper limit `j`,
  // clear of the big sum's, stays text rather than going with a sign that is no longer on the page.
  const small = (text: string, x: number, y: number, size: number, font = MATH): Span => ({
    text,
    x,
    y,
    width: text.length * size * 0.5,
    size,
    font,
  });
  const spans = [
    small("P", 100, 100, 10, EXTENSION),
    small("x", 112, 110, 10),
    small("P", 101, 118, 7, EXTENSION),
    small("j", 103, 113, 5),
    small("k", 109, 124, 7),
  ];
  const text = withSignsOnTheirRows(spans, () => true).map((s) => s.text).join(" ");
  assert.ok(text.includes("j"), text);
});
