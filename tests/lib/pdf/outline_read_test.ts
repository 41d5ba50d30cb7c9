/**
 * What cannot be read of an outline is said in the conversion's warnings:
 * an entry whose destination leads to no page names no heading.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { strayOutlinePdf } from "../../_support/hostile_text_pdf.ts";

Deno.test("convertPdf() counts the outline's entries that lead to no page in a warning", async () => {
  // One entry points to an object that is no page, one names a destination the file lacks.
  const result = await convertPdf(strayOutlinePdf());
  assert.equal(result.markdown, "# Alpha title\n\nBody text of the page.\n\nBeta title\n\nMore text.\n");
  assert.deepEqual(result.outline, [
    { title: "Alpha title", level: 1, page: 1 },
    { title: "Beta title", level: 1 },
    { title: "More text.", level: 1 },
  ]);
  assert.deepEqual(result.warnings, [
    "2 outline entries lead to no page of the document: their headings are found from the type alone",
  ]);
});
