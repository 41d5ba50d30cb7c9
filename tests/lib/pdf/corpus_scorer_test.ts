/**
 * What the corpus scorer (`tests/_support/pdf_score.ts`) counts as the
 * source's text: it compares paragraphs without the label a producer sets
 * before a caption ("Figure 1:"), whose count no source spells, and a
 * fence's language name is no text inside a quote as outside one.
 */
import assert from "node:assert/strict";
import { score } from "../../_support/pdf_score.ts";

const SOURCE = "Some text.\n\nA cat on a mat, seen from above.\n";

Deno.test("a caption found under a producer's label counts as the source's paragraph", () => {
  for (
    const label of [
      "Figure 1:",
      "Table 2.3:",
      "Abbildung 4:",
      "Listing 1:",
      "Figure 1.",
      "Fig. 2.",
      "Table 2.3.",
    ]
  ) {
    const { paragraphs } = score(SOURCE, `Some text.\n\n${label} A cat on a mat, seen from above.\n`);
    assert.deepEqual(paragraphs, { hit: 2, of: 2 }, label);
  }
});

Deno.test("a label's words still count in the text, and a paragraph with other words is still missed", () => {
  const labelled = score(SOURCE, "Some text.\n\nFigure 1: A cat on a mat, seen from above.\n");
  assert.ok(labelled.text < 1);
  const other = score(SOURCE, "Some text.\n\nFigure 1: A dog on a mat, seen from above.\n");
  assert.deepEqual(other.paragraphs, { hit: 1, of: 2 });
});

Deno.test("a listing's language name inside a quote is no word of the text or the quote", () => {
  const source = "> Tip\n>\n> ```text\n> if (a) b();\n> ```\n";
  const found = score(source, "> Tip\n>\n> ```\n> if (a) b();\n> ```\n");
  assert.equal(found.text, 1);
  assert.deepEqual(found.quotes, { hit: 1, of: 1 });
});

Deno.test("a link whose text holds escaped brackets counts as its text, as the page prints it", () => {
  const found = score("See [\\[prop1\\]](#prop1) and more.\n", "See \\[prop1\\] and more.\n");
  assert.equal(found.text, 1);
  assert.deepEqual(found.paragraphs, { hit: 1, of: 1 });
});

Deno.test("a link whose address holds balanced parentheses counts as its text", () => {
  const doi = "10.1016/S0065-2156(08)70370-3";
  const found = score(
    `- Elsevier, 1956. doi: ${doi}.\n`,
    `- Elsevier, 1956. doi: [${doi}](https://doi.org/${doi}).\n`,
  );
  assert.deepEqual(found.bulletItems, { hit: 1, of: 1 });
  assert.equal(found.text, 1);
});

Deno.test("an emphasis mark inside a word joins its parts; an escaped asterisk stays text between words", () => {
  const found = score("For *c*enter, *l*eft and *r*ight.\n", "For center, left and right.\n");
  assert.equal(found.text, 1);
  assert.deepEqual(found.paragraphs, { hit: 1, of: 1 });
  assert.ok(score("The product a\\*b here.\n", "The product ab here.\n").text < 1);
});

Deno.test("an emphasised word before its apostrophe is one word with it, as the page prints it", () => {
  for (const printed of ["Concerning fd's speed.\n", "Concerning fd\u2019s speed.\n"]) {
    const found = score("Concerning *fd*'s speed.\n", printed);
    assert.equal(found.text, 1, printed);
    assert.deepEqual(found.paragraphs, { hit: 1, of: 1 }, printed);
  }
  // Emphasis closed before a closing quote still leaves the word alone.
  assert.equal(score("A '*word*' here.\n", "A 'word' here.\n").text, 1);
});
