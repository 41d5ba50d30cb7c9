/**
 * Display formulas of an untagged page read in a reader's order: the page of
 * displays pdfLaTeX sets in Computer Modern (`fixtures/displays/`, written by
 * `bench/pdf/make_display_fixtures.ts`) converted with real pdf.js. Each
 * fraction reads numerator then denominator at its rule's place, a sum's
 * stacked limits after its sign, an integral's and a sum's in prose beside it
 * lower first, a radical's sign before its radicand, and
 * the thin spaces TeX sets beside operators and fractions join, as the
 * MathML a reference is written from runs them. Synthetic pages check that a
 * table's rule between rows of figures, and prose around a short rule, are
 * no fraction, and that a tagged formula's big sign and thin spaces are read
 * as an untagged one's.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { plainLineText } from "../../../lib/pdf/inline.ts";
import { buildLines } from "../../../lib/pdf/layout.ts";
import { withTaggedMathInRow, withUntaggedMathInRow } from "../../../lib/pdf/math_rows.ts";
import type { FontStyle, Rule, Span } from "../../../lib/pdf/types.ts";

const FIXTURE = new URL("./fixtures/displays/displays.pdf", import.meta.url);

Deno.test("an untagged page's display formulas read as their source spells them", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  const paragraphs = markdown.split("\n\n").map((p) => p.trim());
  for (
    const display of [
      // Two fractions on one row; the thin spaces beside the fraction and `log` join.
      "x = 1klogc + a + b2n (1)",
      // A denominator holding a sum whose limits TeX sets as scripts, and Computer Modern's `P` for `∑`.
      "pij(t) = ℓj(t) − ℓi(t)∑k∈Ni(t)ℓk(t) − ℓi(t) (2)",
      // A fraction in a fraction's denominator, read first.
      "y = 11 + 1x (3)",
      // A sum's limits stacked under and over it: the sign, the lower limit, the upper one.
      "∑i=1ni = n(n + 1)2",
      // Radicals on their radicand's row, over a sum and over a fraction.
      "r = √a2 + b2 + √ab (4)",
      // An integral's limits beside its sign, on baselines of their own, read lower first after it.
      "F = ∫01f(x)dx (5)",
    ]
  ) assert.ok(paragraphs.includes(display), `${display} in:\n${markdown}`);
  // A sum's limits beside it in prose: lower first, as written, and the paragraph whole.
  assert.ok(
    paragraphs.includes(
      "Prose holding a sum ∑j=1Kπj = 1 with its limits set beside it reads them as they are written, and so does a display’s integral.",
    ),
    markdown,
  );
  assert.ok(
    paragraphs.includes(
      "Prose with an inline fraction 12 stays a paragraph of its own, and so does this closing sentence of the document.",
    ),
    markdown,
  );
});

const face = (name: string): FontStyle => ({ name, bold: false, italic: false, monospace: false });
const ROMAN = face("CMR10"), MATH = face("CMMI10");

/** A span of `text` at `x` on baseline `y`, 5 points a character at size 10. */
function piece(text: string, x: number, y: number, font = ROMAN): Span {
  return { text, x, y, width: text.length * 5, size: 10, font };
}

/** A rule 0.4 pt thick from `x0` to `x1` on `y`. */
function rule(x0: number, x1: number, y: number): Rule {
  return { x0, x1, y0: y - 0.2, y1: y + 0.2 };
}

/** The lines the spans make once their formulas are read, each as its text, top down. */
function read(spans: Span[], rules: Rule[]): string[] {
  return buildLines(withUntaggedMathInRow(spans, rules), 1).map(plainLineText);
}

Deno.test("an untagged fraction is read only where a math font and the centring of both parts say so", () => {
  // x = (a + b)/(2n), the parts centred on the rule, `x`, `a`, `b` and `n` in the math italic.
  const fraction = [
    piece("x", 100, 400, MATH),
    piece("=", 108, 400),
    piece("a", 120.5, 393, MATH),
    piece("+", 128, 393),
    piece("b", 135.5, 393, MATH),
    piece("2", 125.5, 407),
    piece("n", 130.5, 407, MATH),
  ];
  assert.deepEqual(read(fraction, [rule(120, 141, 397.5)]), ["x = a + b2n"]);
  // A table's rule under a row of symbols in the math italic, over a row of figures: the cells are not
  // centred on the rule. Figures over and under a short rule centred on it, with no math font there or beside.
  const table = [
    piece("α", 100, 393, MATH),
    piece("β", 160, 393, MATH),
    piece("1", 100, 407),
    piece("2", 160, 407),
  ];
  const figures = [piece("α", 60, 300, MATH), piece("12", 120, 393), piece("34", 120, 407)];
  for (
    const [spans, rules] of [[table, [rule(98, 190, 397.5)]], [figures, [rule(119, 131, 397.5)]]] as const
  ) {
    assert.deepEqual(read([...spans], [...rules]), read([...spans], []));
  }
});

Deno.test("a tagged formula's big sign comes down to its row with its limits, and its thin spaces join", () => {
  const tagged = (
    text: string,
    x: number,
    y: number,
    width: number,
    size: number,
    font: FontStyle,
  ): Span => ({
    text,
    x,
    y,
    width,
    size,
    font,
    tag: { block: 7, formula: true },
  });
  const row = 400, extension = face("CMEX10");
  // x = 1/k log c, spaced as TeX spaces it: thick round `=`, null delimiters and a thin space by the fraction
  // and `log`; then ∑_{i=1}^n i as pdfTeX sets it, the sign hanging from its top over the row.
  const spans = [
    tagged("x", 100, row, 5, 10, MATH),
    tagged("=", 107.8, row, 5, 10, ROMAN),
    tagged("1", 118, row - 7, 5, 10, ROMAN),
    tagged("k", 118, row + 7, 5, 10, MATH),
    tagged("log", 127.1, row, 15, 10, ROMAN),
    tagged("c", 143.8, row, 5, 10, MATH),
    tagged("n", 263.6, row - 13.6, 5.2, 8, MATH),
    tagged("X", 258.3, row - 10.3, 15.8, 10.9, extension),
    tagged("i", 259.3, row + 13.1, 2.9, 8, MATH),
    tagged("=1", 262.2, row + 13.1, 10.8, 8, ROMAN),
    tagged("i", 275.9, row, 3.8, 10.9, MATH),
  ];
  const lines = buildLines(withTaggedMathInRow(spans, [rule(116.8, 124.2, row - 2.5)]), 1).map(plainLineText);
  assert.deepEqual(lines, ["x = 1klogc", "∑i=1ni"]);
});

Deno.test("an OpenType math face's integral reads its limits beside it lower first, and a sign after keeps its gap", () => {
  // d/dt ∮_𝒞 u·dr + ∫_0^1 f as LuaLaTeX sets them in Latin Modern Math: the signs on the row, each lower limit
  // kerned in under its slanted sign, the upper one past its top, on baselines of their own.
  const face11 = face("LatinModernMath-Regular"), row = 400;
  const tagged = (text: string, x: number, y: number, width: number, size = 11.96): Span => ({
    ...piece(text, x, y, face11),
    width,
    size,
    tag: { block: 3, formula: true },
  });
  const spans = [
    tagged("∫", 268.45, row, 11.94),
    tagged("𝒞", 273.33, row + 12.68, 5.99, 8.37),
    tagged("u ⋅ dr", 281.98, row, 27.8),
    tagged("+ ∫", 312.4, row, 21),
    tagged("1", 334.5, row - 13, 4.2, 8.37),
    tagged("0", 329.2, row + 12.68, 4.2, 8.37),
    tagged("f", 341.3, row, 5.3),
  ];
  const lines = buildLines(withTaggedMathInRow(spans, []), 1).map(plainLineText);
  assert.deepEqual(lines, ["∫𝒞u ⋅ dr + ∫01f"]);
});
