/**
 * A URL written out in a link whose printed text shows a gap where the
 * address has an underscore (TeX draws `\_` as a rule in its classic fonts,
 * and the rule reads back as a space): the link's text is its address.
 */
import assert from "node:assert/strict";
import { inlineMarkdown } from "../../../lib/pdf/inline.ts";
import type { FontStyle, Line, Span } from "../../../lib/pdf/types.ts";

const body: FontStyle = { name: "CMR10", bold: false, italic: false, monospace: false };
const URL = "https://journals.aas.org/graphics-guide/#interactive_figures";

/** A line of runs spaced 4 points apart from x = 72, 5 points a character, the last two linked to `URL`. */
function line(...texts: string[]): Line {
  let x = 72;
  const spans: Span[] = texts.map((text, i) => {
    const span: Span = { text, x, y: 100, width: text.length * 5, size: 10, font: body };
    if (i >= texts.length - 2) span.link = URL;
    x += span.width + 4;
    return span;
  });
  return { spans, x0: 72, x1: x - 4, y: 100, size: 10, page: 1 };
}

Deno.test("a link's text spelling its address with a gap for each underscore is written as the address", () => {
  const text = inlineMarkdown([
    line("see", "https://journals.aas.org/graphics-guide/#interactive", "figures"),
  ]);
  assert.equal(text, `see [${URL}](${URL})`);
});

Deno.test("a link's text with other words than its address keeps them", () => {
  const text = inlineMarkdown([line("see", "the interactive", "figures")]);
  assert.equal(text, `see [the interactive figures](${URL})`);
});
