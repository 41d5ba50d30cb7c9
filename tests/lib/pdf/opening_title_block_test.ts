/**
 * A paper without an outline opening with a title block: the title, then the
 * authors' line centred under it, set larger than the body but smaller than
 * the title, names and titles between commas. The authors' line is text, and
 * the sections count from the top level as the title does
 * (`settleOpeningBlock` in `lib/pdf/title_block.ts`).
 */
import assert from "node:assert/strict";
import type { Line } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, markdown, pageOf, RIGHT } from "../../_support/laid_out_page.ts";

/** A line of `text` at `size`, centred on the page's text, on baseline `y`, 0.5 em a character. */
function centred(text: string, size: number, y: number, bold = false): Line {
  const width = text.length * size / 2, x0 = (LEFT + RIGHT - width) / 2;
  const plain = line(text, x0, x0 + width, y);
  return {
    ...plain,
    size,
    spans: plain.spans.map((s) => ({
      ...s,
      size,
      font: { ...s.font, bold, name: bold ? "Serif-Bold" : "Serif" },
    })),
  };
}

/** A heading flush left at `size` in bold, on baseline `y`. */
function heading(text: string, size: number, y: number): Line {
  const plain = line(text, LEFT, LEFT + text.length * size / 2, y);
  return { ...plain, size, spans: plain.spans.map((s) => ({ ...s, size, font: { ...s.font, bold: true } })) };
}

/** A paragraph of two lines from baseline `y`. */
function prose(y: number): Line[] {
  return [
    line("The text of the section runs from one edge of the column to the other edge", LEFT, RIGHT, y),
    line("of it and ends here.", LEFT, LEFT + 90, y + LEADING),
  ];
}

const PAGE = pageOf([
  centred("A Sample Paper Title", 24, 80),
  centred("Ann Author, Member, IEEE, Bob Writer, Fellow, OSA, and Cy Penman, Life Fellow, IEEE", 11, 120),
  heading("1 Introduction", 12, 170),
  ...prose(190),
  heading("1.1 Background", 11, 230),
  ...prose(250),
  heading("2 Conclusion", 12, 290),
  ...prose(310),
]);

Deno.test("the authors' line under an opening title is text, and the sections count from the top level", () => {
  const md = markdown(PAGE);
  const headings = md.split("\n").filter((l) => l.startsWith("#"));
  assert.deepEqual(headings, [
    "# A Sample Paper Title",
    "# 1 Introduction",
    "## 1.1 Background",
    "# 2 Conclusion",
  ], md);
  assert.match(md, /^Ann Author, Member, IEEE, Bob Writer/m);
});
