/**
 * The shapes LaTeX's 2024+ tagging kernel gives a structure tree, read from a
 * fixture (`fixtures/tagged/kernel.pdf`) written by
 * `bench/pdf/make_kernel_tagged_fixture.ts` and converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { kernelTaggedFixture } from "../../../bench/pdf/make_kernel_tagged_fixture.ts";

const FIXTURE = new URL("./fixtures/tagged/kernel.pdf", import.meta.url);

Deno.test("the committed kernel fixture is what its script writes", async () => {
  assert.deepEqual(await Deno.readFile(FIXTURE), kernelTaggedFixture());
});

Deno.test("a chapter heading's label on a line of its own in the heading element is text, its title the heading", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  const lines = markdown.split("\n");
  assert.deepEqual(lines.filter((l) => l.startsWith("#")), ["# Introduction", "# Results"], markdown);
  assert.ok(lines.includes("Chapter 1"), markdown);
  // A number set between dashes is a label as well.
  assert.ok(lines.includes("—2—"), markdown);
});

Deno.test("a tagged display formula is one block of its printed text, not a table", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.ok(!markdown.includes("|"), markdown);
  const formula = markdown.split("\n\n").filter((p) => p.includes("div q"));
  assert.equal(formula.length, 1, markdown);
  for (const piece of ["(1.1)", "dt", "dx", "( d u )"]) assert.ok(formula[0]!.includes(piece), markdown);
  // The paragraphs around it stay apart from it.
  assert.ok(markdown.includes("for a unit of volume:\n\n"), markdown);
  assert.ok(markdown.includes("\n\nwhere the first term"), markdown);
});

Deno.test("a tagged list whose labels and bodies stand in two aligned columns is the list, not a table", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.ok(
    markdown.includes("- C material curve\n- r material position \\[m\\]\n- u velocity \\[m/s\\]"),
    markdown,
  );
});

Deno.test("a word hyphenated at a line's end, its hyphen an artifact, reads as the one word", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.ok(markdown.includes("names from the enhancements the model made"), markdown);
});

Deno.test("a list item's label set in typewriter type is the item's term, not a listing", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.ok(!markdown.includes("```"), markdown);
  assert.ok(/^- .*Missing number, treated as zero.*The solver expected/m.test(markdown), markdown);
});

Deno.test("the lines of one tagged paragraph are one paragraph though their type changes", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.ok(markdown.includes("in one box, so neither"), markdown);
});

Deno.test("a tagged footnote's number is a word of its own, and the note's lines one paragraph with it", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.ok(
    markdown.includes(
      "\n\n[^1]: A note at the foot of the page, its number set close up to its text, runs on to a second line of the same note.",
    ),
    markdown,
  );
});

Deno.test("a tagged footnote's mark in the text, the Lbl the note follows, is a Markdown footnote reference", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.ok(markdown.includes("\n\nThe balance holds for every volume we measured.[^1]\n\n"), markdown);
});

Deno.test("a paragraph the tree files under no list item is no item's paragraph, though set in as far as its text", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.ok(
    markdown.includes("\n\nSet in as far as the definitions, a paragraph follows the list.\n\n"),
    markdown,
  );
});
