/**
 * Words a narrow table cell breaks at its edge with no hyphen (AbiWord sets
 * columns narrower than a word so): whole again where the document uses the
 * word whole, two words otherwise.
 */
import assert from "node:assert/strict";
import { joinBrokenWords } from "../../../lib/pdf/cell_breaks.ts";
import { inlineMarkdown } from "../../../lib/pdf/inline.ts";
import type { Lexicon } from "../../../lib/pdf/lexicon.ts";
import { LEADING, line } from "../../_support/laid_out_page.ts";

/** A cell's lines from `x`, one a row, 5 points a character. */
function cell(x: number, ...texts: string[]): ReturnType<typeof line>[] {
  return texts.map((text, i) => line(text, x, x + text.length * 5, 100 + i * LEADING));
}

/** A document's words. */
function lexicon(...words: string[]): Lexicon {
  const known = new Set(words);
  return (word) => known.has(word.toLowerCase());
}

// The column's text ends where its longest line, "Basic", does: 25 points from its left edge.
const RIGHT = 125;

Deno.test("a word broken at a full cell's edge is whole where the document uses it whole", () => {
  const lines = cell(100, "Basic", "color", "supp", "ort", "(16", "color", "s)");
  const whole = joinBrokenWords(lines, RIGHT, lexicon("basic", "color", "colors", "support"));
  assert.ok(whole);
  assert.equal(inlineMarkdown(whole), "Basic color support (16 colors)");
});

Deno.test("lines of a cell stay words apart when the joined word is not the document's", () => {
  const lines = cell(100, "Basic", "color", "supp", "ort");
  assert.equal(joinBrokenWords(lines, RIGHT, lexicon("basic", "color")), null);
  assert.equal(inlineMarkdown(lines), "Basic color supp ort");
});

Deno.test("a line ending short of its cell's edge broke at a space, whatever the words", () => {
  // "in" ends well short of the column's right edge: "into" is not a broken word here.
  const lines = cell(100, "Basic", "in", "to");
  assert.equal(joinBrokenWords(lines, RIGHT, lexicon("into")), null);
  // A capital after the break opens a word of its own.
  assert.equal(joinBrokenWords(cell(100, "Basic", "color", "Supp"), RIGHT, lexicon("colorsupp")), null);
});
