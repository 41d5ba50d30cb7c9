/**
 * A section lettered and set in italics at the body's size (IEEE's
 * subsections, `A. Background`): a heading, not a list item with the
 * section's paragraphs nested under it (`lib/pdf/lettered_headings.ts`); and
 * URW's italic faces, whose names end in `Ital`, are italic (`fonts.ts`).
 */
import assert from "node:assert/strict";
import { fontStyleFromName } from "../../../lib/pdf/fonts.ts";
import { letteredSection } from "../../../lib/pdf/lettered_headings.ts";
import type { Line } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, markdown, pageOf, RIGHT } from "../../_support/laid_out_page.ts";

/** `line`, set in italics. */
function italic(text: string, x0: number, x1: number, y: number): Line {
  const plain = line(text, x0, x1, y);
  return {
    ...plain,
    spans: plain.spans.map((s) => ({ ...s, font: { ...s.font, name: "Serif-Italic", italic: true } })),
  };
}

Deno.test("URW's faces named ReguItal and MediItal are italic", () => {
  assert.equal(fontStyleFromName("ABCDEF+NimbusRomNo9L-ReguItal", false).italic, true);
  assert.equal(fontStyleFromName("NimbusRomNo9L-MediItal", false).italic, true);
  assert.equal(fontStyleFromName("NimbusRomNo9L-Regu", false).italic, false);
});

Deno.test("a lettered line reads as a section's heading; a sentence does not", () => {
  assert.ok(letteredSection("A. Subsection Heading Here"));
  assert.ok(letteredSection("IV. Results"));
  assert.ok(!letteredSection("A. The item runs on as a sentence."));
  assert.ok(!letteredSection("Apples are red"));
});

Deno.test("a lettered section in italics, spaced above, is a heading with its paragraph under it", () => {
  const md = markdown(pageOf([
    line("The text before the section runs from one edge of the column to the other", LEFT, RIGHT, 100),
    line("and ends on a short line.", LEFT, LEFT + 120, 100 + LEADING),
    italic("A. Background", LEFT, LEFT + 65, 100 + LEADING * 3.5),
    line(
      "The section's text runs from one edge of the column to the other edge of",
      LEFT + 10,
      RIGHT,
      100 + LEADING * 5,
    ),
    line("it and ends here.", LEFT, LEFT + 80, 100 + LEADING * 6),
  ]));
  assert.match(md, /^#{1,6} A\. Background$/m, md);
  assert.match(md, /^The section's text runs/m, md);
});
