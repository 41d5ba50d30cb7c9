/**
 * A tagged document whose structure tree tags no heading takes its headings'
 * levels from its outline, and the outline nests a section the source opens
 * at level two, before any first level, at its top: the ranking of the
 * headings' looks (`lib/pdf/heading_ranks.ts`) sets them right there too.
 * On a committed document of the real-world corpus' tuning part (bat's
 * README set by LaTeX in two columns, tagged, its tree tagging paragraphs
 * and lists only), converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { REAL_DOCUMENTS, realPdfUrl } from "../../_support/pdf_real_corpus.ts";

Deno.test("in a tagged document whose tree tags no heading, outline headings set smaller than others at their depth go below them", async () => {
  const name = "pdflatex-tagged-bat-2col";
  assert.ok(REAL_DOCUMENTS.some((d) => d.name === name && !d.heldOut));
  const { markdown, outline } = await convertPdf(await Deno.readFile(realPdfUrl(name)), {
    pages: "1-3",
    limits: { timeBudgetMs: 300_000 },
  });
  // The outline puts the opening sections at its top, beside the document's first-level headings.
  assert.deepEqual(outline?.slice(0, 6).map((e) => `${e.level} ${e.title}`), [
    "1 Syntax highlighting",
    "1 Git integration",
    "1 Show non-printable characters",
    "1 Automatic paging",
    "2 File concatenation",
    "1 How to use",
  ]);
  const headings = markdown.split("\n").filter((l) => /^#{1,6} /.test(l));
  assert.deepEqual(headings.slice(0, 6), [
    "## Syntax highlighting",
    "## Git integration",
    "## Show non-printable characters",
    "## Automatic paging",
    "### File concatenation",
    "# How to use",
  ]);
});
