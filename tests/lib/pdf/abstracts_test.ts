/**
 * A paper's abstract, set in from both margins under its label, is written
 * as paragraphs, not as a quote; text set in the same way elsewhere stays a
 * quote.
 */
import assert from "node:assert/strict";
import { LEFT, markdown, page, paragraphs, RIGHT } from "../../_support/laid_out_page.ts";

/** How far a class sets its abstract in from each margin. */
const INDENT = 30;

/** Three lines of a paragraph from `x0` to `x1`, the last one short. */
function paragraph(words: string, x0 = LEFT, x1 = RIGHT): Array<[string, number, number]> {
  return [
    [`${words} runs from one edge of its measure to the other edge of it,`, x0, x1],
    ["and goes on over a second line from one edge to the other,", x0, x1],
    ["and ends here.", x0, x0 + 70],
  ];
}

/** A paper's first page: a label over a set-in block, then the text's paragraphs. */
function paperPage(label: string) {
  const centre = (LEFT + RIGHT) / 2;
  return page(
    [label, centre - 20, centre + 20],
    ...paragraph("The abstract", LEFT + INDENT, RIGHT - INDENT),
    null,
    ...paragraph("The first paragraph"),
    null,
    ...paragraph("The second paragraph"),
    null,
    ...paragraph("The third paragraph"),
  );
}

Deno.test("the block set in under an abstract's label is the abstract's paragraph, under the label as a heading", () => {
  for (const label of ["ABSTRACT", "Abstract"]) {
    const out = paragraphs(markdown(paperPage(label)));
    assert.equal(out[0], `# ${label}`, out.join("\n\n"));
    assert.ok(out[1]!.startsWith("The abstract runs"), out.join("\n\n"));
  }
});

Deno.test("the same block under another line stays a quote", () => {
  const out = paragraphs(markdown(paperPage("Preface")));
  assert.ok(out[1]!.startsWith("> The abstract runs"), out.join("\n\n"));
});
