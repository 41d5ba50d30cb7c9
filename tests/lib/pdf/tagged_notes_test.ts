/**
 * Notes LaTeX's 2024+ tagging kernel tags with no `Lbl`, read from a fixture
 * (`fixtures/tagged/kernel_notes.pdf`) written by
 * `bench/pdf/make_kernel_notes_fixture.ts` and converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { kernelNotesFixture } from "../../../bench/pdf/make_kernel_notes_fixture.ts";

const FIXTURE = new URL("./fixtures/tagged/kernel_notes.pdf", import.meta.url);

Deno.test("the committed notes fixture is what its script writes", async () => {
  assert.deepEqual(await Deno.readFile(FIXTURE), kernelNotesFixture());
});

Deno.test("a note whose number opens its text, no Lbl around it, is a Markdown footnote its mark refers to", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.ok(markdown.includes("is called for[^1] and goes on"), markdown);
  assert.ok(markdown.includes("\n\n[^1]: A numbered note whose number opens its text.\n"), markdown);
});

Deno.test("a note opening with a star is no list item, and one no mark refers to is its mark and text", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.ok(!/^- /m.test(markdown), markdown);
  assert.ok(
    markdown.includes(
      "\n\n\\* This article is a fully tagged PDF produced by the project software it describes.\n",
    ),
    markdown,
  );
});
