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
    const apart: number[] = [];
    for (const at of numbers.slice(1)) {
      const runs = [await extract(numbers.slice(0, at - 1)), await extract(numbers.slice(at - 1))];
      const again = await carryTreeShifts(runs, extract);
      // joinRuns moves the ids of the runs after the first in place: each run is joined once.
      const carried = runs.map((run) => again.get(run.pageCharacters[0]!.page) ?? run);
      assert.deepStrictEqual(joinRuns(carried).pages, whole, `split before page ${at}`);
      // Read apart, the second run's first page found its shift by its own ids alone.
      if (again.size > 0 && !isDeepStrictEqual(joinRuns(runs).pages, whole)) apart.push(at);
    }
    // The test reads a document where the split matters: at some pages it read otherwise before.
    assert.ok(apart.length > 0, "no split of the document changed its reading");
  } finally {
    await open.close();
  }
});

/** True when `a` and `b` are deeply and strictly equal. */
function isDeepStrictEqual(a: unknown, b: unknown): boolean {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}
