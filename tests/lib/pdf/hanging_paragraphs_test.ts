/**
 * Paragraphs set with a hanging indent (a table's note under `Note—`, a
 * bibliography's entries): the first line at the margin, wrapped, ending no
 * sentence, the lines after it set in under it. They are one paragraph each;
 * a line set in after a line that ends a sentence still opens a paragraph.
 */
import assert from "node:assert/strict";
import { LEFT, markdown, page, paragraphs, RIGHT } from "../../_support/laid_out_page.ts";

Deno.test("lines hanging under a wrapped first line that ends no sentence are its paragraph", () => {
  for (const hang of [12, 20]) {
    const out = markdown(page(
      ["Note—This is an example of how to split a wide table into parts. The location of the", LEFT, RIGHT],
      [
        "split is given by the author in the column preamble, and more is said in the new",
        LEFT + hang,
        RIGHT,
      ],
      ["instructions.", LEFT + hang, 160],
      ["Bertin, E., & Arnouts, S. 1996, Astronomy and Astrophysics Supplement Series, 117,", LEFT, RIGHT],
      ["393, a program for the extraction of sources from the images of a survey", LEFT + hang, 480],
    ));
    assert.deepEqual(paragraphs(out), [
      "Note—This is an example of how to split a wide table into parts. The location of the split is given by " +
      "the author in the column preamble, and more is said in the new instructions.",
      "Bertin, E., & Arnouts, S. 1996, Astronomy and Astrophysics Supplement Series, 117, 393, a program for the " +
      "extraction of sources from the images of a survey",
    ], `hang ${hang} pt`);
  }
});

Deno.test("a line set in after a full line that ends a sentence opens a paragraph of its own", () => {
  const out = markdown(page(
    ["A paragraph of one line runs to the right edge of the column and ends here.", LEFT, RIGHT],
    ["The next paragraph opens indented, as TeX marks one, and runs on to the right", LEFT + 15, RIGHT],
    ["edge before it ends.", LEFT, 200],
  ));
  assert.equal(paragraphs(out).length, 2, out);
});
