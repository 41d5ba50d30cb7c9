import assert from "node:assert/strict";
import { isQuoteParagraph } from "../../../lib/pdf/quotes.ts";
import { LEFT, line, RIGHT } from "../../_support/laid_out_page.ts";

/** The page's body column. */
const COLUMN = { left: LEFT, right: RIGHT };

/** One line set in on the left by two ems that runs on to the column's right edge. */
function setInToEdge(text: string) {
  return [line(text, LEFT + 20, RIGHT - 1, 100)];
}

Deno.test("one line set in on the left that fills the measure is a quote where no first line is indented", () => {
  const lines = setInToEdge(
    "When gulls stand on the rocks facing the land, the wind will be round to the north.",
  );
  assert.equal(isQuoteParagraph(lines, COLUMN), true);
});

Deno.test("one line set in to the document's first-line indent, or by another, is no quote when it fills the measure", () => {
  const lines = setInToEdge(
    "When gulls stand on the rocks facing the land, the wind will be round to the north.",
  );
  // A document whose paragraphs open indented: the line is a short paragraph's first line.
  assert.equal(isQuoteParagraph(lines, COLUMN, undefined, 20), false);
  assert.equal(isQuoteParagraph(lines, COLUMN, undefined, 15), false);
});

Deno.test("a contents entry set in under its section's that runs to its page number is no quote", () => {
  assert.equal(
    isQuoteParagraph(setInToEdge("2.1 Keeping the light through the winter months . . . . 12"), COLUMN),
    false,
  );
  assert.equal(
    isQuoteParagraph(setInToEdge("Keeping the light through the winter months      127"), COLUMN),
    false,
  );
});
