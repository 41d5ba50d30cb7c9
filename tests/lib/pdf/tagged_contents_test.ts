/**
 * A contents list as LaTeX's 2024+ tagging kernel tags it, read from a
 * fixture (`fixtures/tagged/kernel_contents.pdf`) written by
 * `bench/pdf/make_kernel_contents_fixture.ts` and converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { kernelContentsFixture } from "../../../bench/pdf/make_kernel_contents_fixture.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { dropContentsPageNumbers } from "../../../lib/pdf/tagged_contents.ts";

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

Deno.test("a tagged contents entry the contents-page rule gave a bullet keeps only the list's marker", () => {
  const tag = { block: 1, listItem: { id: 2, depth: 0 }, contents: true };
  const font = { name: "Serif", bold: false, italic: false, monospace: false };
  const span = (text: string, x: number) => ({
    text,
    x,
    y: 100,
    width: text.length * 5,
    size: 10,
    font,
    tag,
  });
  const line = {
    spans: [span("•", 72), span("1 General overview", 82), span("12", 300)],
    x0: 72,
    x1: 310,
    y: 100,
  };
  const drafts: Draft[] = [{ kind: "list_item", page: 1, lines: [{ ...line, size: 10, page: 1 }] }];
  dropContentsPageNumbers(drafts);
  assert.deepEqual(drafts[0]!.lines[0]!.spans.map((s) => s.text), ["1 General overview"]);
});
