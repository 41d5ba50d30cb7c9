/**
 * A document split into runs of pages extracted apart (the pool's chunks)
 * reads as one run over all its pages does, where its structure tree's ids
 * count on over the pages (`tree_id_shift.ts`): pdfTeX's tagged fd README
 * from the real-world corpus' tuning part, read with real pdf.js.
 */
import assert from "node:assert/strict";
import { createFontResolver } from "../../../lib/pdf/fonts.ts";
import { createCostGuard, installCostGuard } from "../../../lib/pdf/guard.ts";
import { DEFAULT_PDF_LIMITS } from "../../../lib/pdf/limits.ts";
import { openPdf } from "../../../lib/pdf/load.ts";
import { carryTreeShifts, extractRun, joinRuns } from "../../../lib/pdf/page_run.ts";
import { realPdfUrl } from "../../_support/pdf_real_corpus.ts";

Deno.test("runs of a tagged document extracted apart join as one run over its pages, wherever it is split", async () => {
  const guard = createCostGuard(DEFAULT_PDF_LIMITS);
  installCostGuard(guard);
  const open = await openPdf(await Deno.readFile(realPdfUrl("pdflatex-tagged-fd")), DEFAULT_PDF_LIMITS);
  try {
    const fonts = createFontResolver();
    const extract = (pages: number[], treeShift?: number) =>
      extractRun(open.doc, pages, { tagged: true, guard, fonts, beforePage() {}, treeShift });
    const numbers = Array.from({ length: open.doc.numPages }, (_, i) => i + 1);
    const whole = (await extract(numbers)).pages;
    // One run per page splits the document before every page at once: each run's first page reads its shift
    // by its own ids alone, as a chunk the pool cuts there would.
    const pageRuns = async () => {
      const runs = [];
      for (const page of numbers) runs.push(await extract([page]));
      return runs;
    };
    const runs = await pageRuns();
    const again = await carryTreeShifts(runs, extract);
    const carried = runs.map((run) => again.get(run.pageCharacters[0]!.page) ?? run);
    assert.deepStrictEqual(joinRuns(carried).pages, whole);
    // The test reads a document where the split matters: joined without the carry, some page read otherwise.
    // (joinRuns moves the ids of the runs after the first in place, so these runs are read afresh.)
    assert.ok(again.size > 0, "no run was read again");
    assert.notDeepStrictEqual(joinRuns(await pageRuns()).pages, whole);
  } finally {
    await open.close();
  }
});
