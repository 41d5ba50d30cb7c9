import assert from "node:assert/strict";
import { withFractionsInRow } from "../../../lib/pdf/fraction_rules.ts";
import { plainLineText } from "../../../lib/pdf/inline.ts";
import { buildLines } from "../../../lib/pdf/layout.ts";
import type { Rule, Span } from "../../../lib/pdf/types.ts";

const FONT = { name: "CMMI10", bold: false, italic: true, monospace: false };
/** The row's baseline; TeX's axis, where a fraction's rule lies, stands 2.5 pt (a quarter em) above it. */
const ROW = 400, AXIS = ROW - 2.5;

/** A span of a tagged display formula (its tree element 7), 5 pt a letter. */
function piece(text: string, x: number, y: number, formula = true): Span {
  return {
    text,
    x,
    y,
    width: text.length * 5,
    size: 10,
    font: FONT,
    ...(formula ? { tag: { block: 7, formula: true } } : {}),
  };
}

/** A fraction's rule, 0.4 pt thick, from `x0` to `x1` on the axis `y`. */
function rule(x0: number, x1: number, y = AXIS): Rule {
  return { x0, x1, y0: y - 0.2, y1: y + 0.2 };
}

/** The lines the spans make, each as its text, top down. */
function read(spans: Span[], rules: Rule[]): string[] {
  return buildLines(withFractionsInRow(spans, rules), 1).map(plainLineText);
}

Deno.test("a fraction's numerator and denominator read at its rule's place in the row", () => {
  // x = 1/k log c + (a+b)/(2n), written as TeX ships it: the row's pieces and each fraction's parts in order.
  const spans = [
    piece("x", 100, ROW),
    piece("=", 108, ROW),
    piece("1", 122, ROW - 7),
    piece("k", 122, ROW + 7),
    piece("log c +", 132, ROW),
    piece("a + b", 172, ROW - 7),
    piece("2n", 176, ROW + 7),
  ];
  assert.deepEqual(read(spans, [rule(120.8, 128.2), rule(170.8, 198.2)]), ["x = 1k log c + a + b2n"]);
});

Deno.test("without their rules, a formula's stacked parts read baseline by baseline", () => {
  const spans = [
    piece("x =", 100, ROW),
    piece("1", 122, ROW - 7),
    piece("k", 122, ROW + 7),
    piece("+ y", 132, ROW),
  ];
  assert.deepEqual(read(spans, []), ["1", "x =", "+ y", "k"]);
});

Deno.test("a fraction inside a fraction's numerator is read first, then the outer one", () => {
  // (1/2 + x) / y: the inner rule on the outer numerator's axis.
  const numerator = ROW - 9;
  const spans = [
    piece("z =", 100, ROW),
    piece("1", 125, numerator - 5),
    piece("2", 125, numerator + 5),
    piece("+ x", 133, numerator),
    piece("y", 135, ROW + 8),
  ];
  const rules = [rule(123.8, 131.2, numerator - 2.5), rule(121, 150)];
  assert.deepEqual(read(spans, rules), ["z = 12 + xy"]);
});

Deno.test("a radical's bar, an overline and a rule beside text outside formulas read no fraction", () => {
  // √(a + b) = c̄: bars with text under them only; a display's text not tagged a formula keeps its lines.
  const radical = [piece("√", 100, ROW), piece("a + b", 106, ROW), piece("= c", 134, ROW)];
  assert.deepEqual(read(radical, [rule(106, 131, ROW - 8), rule(140, 145, ROW - 8)]), ["√a + b = c"]);
  const prose = [
    piece("x =", 100, ROW, false),
    piece("1", 122, ROW - 7, false),
    piece("k", 122, ROW + 7, false),
  ];
  assert.deepEqual(read(prose, [rule(120.8, 128.2)]), ["1", "x =", "k"]);
});

Deno.test("a rule between a candidate rule and the text over it takes that text: a radical's bar under a fraction", () => {
  // 1 / √k: the radical's bar lies under the fraction's rule, over the denominator's k.
  const spans = [
    piece("w =", 100, ROW),
    piece("1", 124, ROW - 7),
    piece("√", 120, ROW + 8),
    piece("k", 126, ROW + 8),
  ];
  const rules = [rule(119, 133), rule(125.5, 131.5, ROW + 0.5)];
  assert.deepEqual(read(spans, rules), ["w = 1√k"]);
});

Deno.test("a part's span ending in the space extraction adds after it still lies within its rule", () => {
  // ∂/∂t [ρe]: the denominator's span reads "∂t " and runs a space's width past the rule.
  const spans = [piece("∂", 123, ROW - 7), piece("∂t ", 121, ROW + 7), piece("[ρe]", 136, ROW)];
  assert.deepEqual(read(spans, [rule(120.8, 132)]), ["∂∂t [ρe]"]);
});

Deno.test("a fraction under a radical stands on its row's baseline, not on the radical sign's", () => {
  // √(1/k log c): the radical's sign, just left of the rule, sits lower than the row.
  const spans = [
    piece("√", 113, ROW + 4.8),
    piece("1", 122, ROW - 7),
    piece("k", 122, ROW + 7),
    piece("log c", 132, ROW),
  ];
  const fraction = withFractionsInRow(spans, [rule(120.8, 128.2), rule(120.8, 158, ROW - 16)])
    .find((s) => s.text === "1k");
  assert.equal(fraction?.y, ROW);
});

Deno.test("a continued fraction reads whole: an inner fraction's numerator brings the denominator near", () => {
  // 1 / (a + 1/b): the denominator's baseline stands two ems under the outer rule, its inner numerator near it.
  const row = ROW + 18;
  const spans = [
    piece("1", 128, ROW - 7),
    piece("a +", 98, row),
    piece("1", 135, row - 9),
    piece("b", 135, row + 7),
  ];
  assert.deepEqual(read(spans, [rule(97, 160), rule(115, 160, row - 2.5)]), ["1a + 1b"]);
});
