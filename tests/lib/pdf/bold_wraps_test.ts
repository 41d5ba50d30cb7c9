/**
 * A phrase in bold wrapping over a line break inside a paragraph that opens
 * with a bold lead-in: the next line opens in bold and goes on in another
 * weight, as the next item of a list whose items open with bold labels
 * would, but the line before ends in that bold phrase and was wrapped, so
 * the paragraph goes on.
 */
import assert from "node:assert/strict";
import type { Line } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, markdown, paragraphs, RIGHT } from "../../_support/laid_out_page.ts";

/** A line of body text from `LEFT` ending in a phrase in bold that reaches `RIGHT`, on baseline `y`. */
function endingInBold(text: string, phrase: string, y: number): Line {
  const plain = line(text, LEFT, LEFT + text.length * 5, y);
  const start = plain.x1 + 5;
  const span = { ...plain.spans[0]!, text: phrase, x: start, width: RIGHT - start };
  return {
    ...plain,
    spans: [...plain.spans, { ...span, font: { ...span.font, name: "Serif-Bold", bold: true } }],
    x1: RIGHT,
  };
}

/** The page: a paragraph under a bold lead-in, its third line ending in bold, the fourth opening with `next`. */
function pageWith(third: Line, next: string) {
  const y = (i: number) => 100 + i * LEADING;
  return {
    page: 1,
    width: 595,
    height: 842,
    lines: [
      line(
        "**Keep the defaults.** Generally speaking, please do not override the style of the class, and",
        LEFT,
        RIGHT,
        y(0),
      ),
      line(
        "to be more specific, a short checklist is given below. In case of non-compliance with them",
        LEFT,
        RIGHT,
        y(1),
      ),
      third,
      line(`${next} In serious cases, we may reject the source and ask for a revision.`, LEFT, 420, y(3)),
    ],
  };
}

Deno.test("a line opening in bold after a line ending in the same bold phrase, wrapped, goes on with it", () => {
  const out = markdown(
    pageWith(
      endingInBold("the publisher will remove the parts and", "replace them with the", y3()),
      "**defaults.**",
    ),
  );
  assert.ok(!paragraphs(out).some((p) => p.startsWith("defaults")), out);
});

Deno.test("a bold label after a line that ends in another weight, or short, opens the next item", () => {
  const plainEnd = line(
    "the publisher will remove the parts and replace them with the class' own ones.",
    LEFT,
    430,
    y3(),
  );
  const out = markdown(pageWith(plainEnd, "**Defaults.**"));
  assert.ok(paragraphs(out).some((p) => p.startsWith("Defaults")), out);
});

/** The third line's baseline. */
function y3(): number {
  return 100 + 2 * LEADING;
}
