/**
 * A display formula TeX sets on several baselines (a fraction's numerator,
 * the row with `=` and the number, the denominator), centred, a few points
 * apart, in math fonts, between paragraphs of an untagged page: one
 * paragraph, not one per row. Rows of prose with inline math, and a second
 * display a display skip below, stay apart.
 */
import assert from "node:assert/strict";
import { isDisplayRow } from "../../../lib/pdf/display_rows.ts";
import type { FontStyle, Line, Span } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, markdown, pageOf, paragraphs, RIGHT } from "../../_support/laid_out_page.ts";

const face = (name: string, italic = false): FontStyle => ({ name, bold: false, italic, monospace: false });
const mathItalic = face("LMMathItalic10-Regular", true), symbols = face("LMMathSymbols10-Regular");
const roman = face("LMRoman10-Regular"), small = face("LMMathItalic8-Regular", true);

/** A row of pieces `[text, font, size]` set from `x0` on baseline `y`, 5 points a character at size 10. */
function row(x0: number, y: number, ...pieces: Array<[string, FontStyle, number?]>): Line {
  let x = x0;
  const spans: Span[] = pieces.map(([text, font, size = 10.9]) => {
    const span = { text, x, y, width: text.length * size / 2, size, font };
    x += span.width + 2;
    return span;
  });
  return { spans, x0, x1: x - 2, y, size: spans[0]!.size, page: 1 };
}

/** The display: numerator, main row with its number at the right margin, denominator. */
function display(top: number): Line[] {
  return [
    row(
      290,
      top,
      ["ℓ", mathItalic],
      ["j", small, 8],
      ["(", roman],
      ["t", mathItalic],
      [")", roman],
      [
        " − ",
        symbols,
      ],
      ["ℓ", mathItalic],
      ["i", small, 8],
    ),
    row(227, top + 7, ["p", mathItalic], ["ij", small, 8], ["(", roman], ["t", mathItalic], [") =", roman]),
    row(280, top + 15, ["k", small, 8], ["∈", face("LMMathSymbols8-Regular"), 8], ["N", small, 8], [
      "ℓ",
      mathItalic,
    ], ["k", small, 8]),
  ];
}

const before = "The paragraph before the display runs on to the right edge of the text and ends here.";
const after = "The paragraph after it opens at the margin and runs on to the right edge of the text.";

Deno.test("the rows of one display formula read as one paragraph between the text's", () => {
  const rows = display(100 + LEADING + 14);
  const out = markdown(pageOf([
    line(before, LEFT, RIGHT, 100),
    ...rows,
    line(after, LEFT, RIGHT, rows.at(-1)!.y + 20),
  ]));
  const parts = paragraphs(out);
  assert.equal(parts.length, 3, out);
  assert.equal(parts[0], before);
  assert.match(parts[1]!, /ℓ.*p.*=.*k.*N/, out);
  assert.equal(parts[2], after);
});

Deno.test("two displays a display skip apart stay two paragraphs", () => {
  const first = display(126), second = display(first.at(-1)!.y + 20);
  const out = markdown(pageOf([line(before, LEFT, RIGHT, 100), ...first, ...second]));
  assert.equal(paragraphs(out).length, 3, out);
});

Deno.test("a line of prose with inline math is no display row", () => {
  const prose = row(LEFT, 100, ["manifesta", roman], ["π", mathItalic], ["r", mathItalic], [
    "mirantia",
    roman,
  ]);
  assert.equal(isDisplayRow(prose), false);
  assert.equal(isDisplayRow(display(100)[1]!), true);
  // A number in a text face at the margin does not make a row prose.
  const numbered = row(227, 100, ["p", mathItalic], [") =", roman], ["(1)", face("NimbusSanL-Regu")]);
  assert.equal(isDisplayRow(numbered), true);
});
