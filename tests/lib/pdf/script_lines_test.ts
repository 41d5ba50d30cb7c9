/**
 * Sub- and superscripts stacked on one another stay on their line
 * (`layout.ts`): LaTeX sets `λ₁²` with the subscript right under the
 * superscript, starting at the same x, and the subscript is read first, as
 * `x_i^2` is usually spelled (`stacked_scripts.ts`).
 */
import assert from "node:assert/strict";
import { buildLines } from "../../../lib/pdf/layout.ts";
import { plainLineText } from "../../../lib/pdf/inline.ts";
import type { Span } from "../../../lib/pdf/types.ts";

const serif = { name: "Serif", bold: false, italic: false, monospace: false };

/** A span of `text` from `x`, `width` wide, on baseline `y`. */
function span(text: string, x: number, y: number, width: number, size = 12): Span {
  return { text, x, y, width, size, font: serif };
}

Deno.test("a subscript stacked under a superscript stays on the line, and so does the text after it", () => {
  const lines = buildLines([
    span("This example uses exp(−λ", 72, 100, 140),
    span("2", 212, 96, 4, 8),
    span("1", 212, 103, 4, 8),
    span(" Fo), as the table shows.", 217, 100, 120),
    span("The next line of the paragraph starts here.", 72, 114.5, 230),
  ], 1);
  assert.deepEqual(lines.map((l) => l.spans.map((s) => s.text).join("")), [
    "This example uses exp(−λ12 Fo), as the table shows.",
    "The next line of the paragraph starts here.",
  ]);
});

Deno.test("small text below a line that does not stand on the scripts' place starts a line of its own", () => {
  const lines = buildLines([
    span("A line of text ending in a power x", 72, 100, 180),
    span("2", 252, 96, 4, 8),
    // Left of where the scripts hang: a note under the line, not a subscript.
    span("a note set small", 72, 103, 60, 8),
  ], 1);
  assert.equal(lines.length, 2);
});

Deno.test("a subscript stacked under a superscript is read first, and what follows is spaced from the wider", () => {
  // r_d^i(t): TeX writes the superscript i first; the subscript d under it is wider.
  const lines = buildLines([
    span("r", 72, 100, 5),
    span("i", 77, 95, 2, 8),
    span("d", 77, 104, 4, 8),
    span("(t + 1) = 0", 81.5, 100, 50),
  ], 1);
  assert.deepEqual(lines.map((l) => plainLineText(l)), ["rdi(t + 1) = 0"]);
});

Deno.test("a binomial's rows after an opening bracket are read top first", () => {
  const lines = buildLines([
    span("such as (", 72, 100, 40),
    span("n", 112, 96, 4, 8),
    span("k", 112, 104, 4, 8),
    span(") amsmath has", 116.5, 100, 60),
  ], 1);
  assert.deepEqual(lines.map((l) => plainLineText(l)), ["such as (nk) amsmath has"]);
});

Deno.test("a big operator's limits beside it are read lower first, in whatever faces each is set", () => {
  // \sum_{j=1}^{K} in prose, its sign a character of the face (an OpenType math face): K, then j, =, 1.
  const italic = { name: "MathItalic", bold: false, italic: true, monospace: false };
  const lines = buildLines([
    span("so that ∑", 72, 100, 44),
    { ...span("K", 116.5, 95, 5, 8), font: italic },
    { ...span("j", 116.5, 103, 3, 8), font: italic },
    span("=1", 119.5, 103, 8, 8),
    span(" πj = 1 holds", 128, 100, 60),
  ], 1);
  assert.deepEqual(lines.map((l) => plainLineText(l)), ["so that ∑j=1K πj = 1 holds"]);
});
