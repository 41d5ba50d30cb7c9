/**
 * The cap on outline entries counts those the result reports: bookmarks with
 * no title, kept only to place their headings (`untitled_entries.ts`), do not
 * crowd titled ones out of the reported outline.
 */
import assert from "node:assert/strict";
import { taggedPage } from "../../../bench/pdf/make_tagged_fixture.ts";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { outlineFloodPdf } from "../../_support/hostile_text_pdf.ts";

Deno.test("untitled bookmarks do not use up the cap on the outline's reported entries", async () => {
  const untitled = Array.from({ length: 2000 }, () => ({ title: "", top: 700 }));
  const pdf = taggedPage(
    [{ x: 72, y: 700, size: 20, runs: [[0, "F2", "Getting started"]] }],
    { type: "Document", kids: [{ type: "H1", kids: [0] }] },
    "",
    [...untitled, { title: "Getting started", top: 710 }],
  );
  const result = await convertPdf(pdf);
  assert.deepEqual(result.outline, [{ title: "Getting started", level: 1, page: 1 }]);
});

Deno.test("an outline longer than the cap is cut with a warning, one at the cap without", async () => {
  const over = await convertPdf(outlineFloodPdf(2001), { pages: "1" });
  assert.equal(over.outline?.length, 2000);
  assert.deepEqual(over.warnings, [
    "The outline has more than 2000 entries: those after the first 2000 are left out",
  ]);
  const at = await convertPdf(outlineFloodPdf(2000), { pages: "1" });
  assert.equal(at.outline?.length, 2000);
  assert.deepEqual(at.warnings, []);
});
