import assert from "node:assert/strict";
import { nextWordFitted } from "../../../lib/pdf/paragraph_lines.ts";
import type { Line, Span } from "../../../lib/pdf/types.ts";
import { line, proseThenCode } from "../../_support/laid_out_page.ts";

const mono = { name: "Mono", bold: false, italic: false, monospace: true };

/** A span of code from `x` on baseline `y`, 7.2 pt a character (12 pt type). */
function code(text: string, x: number, y: number): Span {
  return { text, x, y, width: text.length * 7.2, size: 12, font: mono };
}

/** A line of the spans given. */
function lineOf(spans: Span[]): Line {
  const last = spans.at(-1)!;
  return { spans, x0: spans[0]!.x, x1: last.x + last.width, y: spans[0]!.y, size: 12, page: 1 };
}

Deno.test("a line's first word drawn in pieces (a ligature apart) is measured whole", () => {
  // AbiWord: `'attachment;` ends a line of prose well short of the margin; the token wrapped below it
  // opens with the `fi` ligature drawn as a span of its own.
  const full = line(
    "a line of prose that fills the measure from margin to margin, as wide as it is",
    72,
    518,
    381,
  );
  const prose = proseThenCode("extended parameters and returns a string. Example:", "'attachment;", 72, 396);
  const fi = code("fi", 72, 408);
  const token = lineOf([fi, code("lename*=UTF-8''%E2%82%AC%20rates.txt'", fi.x + fi.width, 408)]);
  assert.equal(nextWordFitted([full, prose], token), false);
  // A word of two letters standing alone (a space after it) is measured alone.
  const short = lineOf([
    code("fi ", 72, 408),
    code("lename*=UTF-8''%E2%82%AC%20rates.txt'", 72 + 3 * 7.2, 408),
  ]);
  assert.equal(nextWordFitted([full, prose], short), true);
});
