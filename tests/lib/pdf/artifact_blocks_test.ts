import assert from "node:assert/strict";
import { isArtifactBlock, sortArtifacts } from "../../../lib/pdf/artifact_blocks.ts";
import type { FontStyle, Span } from "../../../lib/pdf/types.ts";

const body: FontStyle = { name: "Serif", bold: false, italic: false, monospace: false };

/** A span at `x` on baseline `y`, 5 pt per character. */
function span(text: string, x: number, y: number): Span {
  return { text, x, y, width: text.length * 5, size: 10, font: body };
}

const table = [
  span("Style", 72, 100),
  span("Description", 140, 100),
  span("default", 72, 112),
  span("Enables all components.", 140, 112),
];

Deno.test("an artifact sequence of words on two baselines is a block of text", () => {
  assert.equal(isArtifactBlock(table), true);
});

Deno.test("an artifact sequence on one baseline, or of no words, is furniture", () => {
  // A running line, a page number, a contents entry's leader, a heading's number.
  assert.equal(isArtifactBlock([span("TUGboat, Volume 0", 72, 40), span("draft: March 25", 300, 40)]), false);
  assert.equal(isArtifactBlock([span("5", 300, 760)]), false);
  assert.equal(isArtifactBlock([span(". . . . .", 72, 100), span(". . .", 72, 112)]), false);
  assert.equal(isArtifactBlock([span("1.1", 72, 100), span("A.1", 72, 300)]), false);
});

Deno.test("sortArtifacts reads blocks as text, except where the page's tree tags tables", () => {
  const number = [span("5", 300, 760)];
  const read = sortArtifacts([table, number], false);
  assert.deepEqual([...read.text], table);
  assert.deepEqual([...read.furniture], number);
  // A tagged table's head repeated over a page turn is furniture.
  const tagged = sortArtifacts([table, number], true);
  assert.equal(tagged.text.size, 0);
  assert.equal(tagged.furniture.size, 5);
});
