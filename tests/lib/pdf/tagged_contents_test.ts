/**
 * A contents list as LaTeX's 2024+ tagging kernel tags it, read from a
 * fixture (`fixtures/tagged/kernel_contents.pdf`) written by
 * `bench/pdf/make_kernel_contents_fixture.ts` and converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { kernelContentsFixture } from "../../../bench/pdf/make_kernel_contents_fixture.ts";

const FIXTURE = new URL("./fixtures/tagged/kernel_contents.pdf", import.meta.url);

Deno.test("the committed contents fixture is what its script writes", async () => {
  assert.deepEqual(await Deno.readFile(FIXTURE), kernelContentsFixture());
});

Deno.test("a tagged contents list is a list of its entries, nested as its lists nest, without page numbers", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.ok(!markdown.includes("|"), markdown);
  assert.ok(
    markdown.includes(
      "\n\n- 1 General overview\n  - 1.1 The goals of the project\n  - 1.2 Current status\n" +
        "- 2 Specific aspects of the work\n\n",
    ),
    markdown,
  );
});

Deno.test("a tagged contents entry level with an outline entry's destination is no heading; the section's is", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.deepEqual(markdown.split("\n").filter((l) => l.startsWith("#")), [
    "## Contents",
    "## Specific aspects of the work",
  ]);
});
