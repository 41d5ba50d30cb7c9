import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { deepOutlinePdf, deepTagsPdf } from "../../_support/hostile_text_pdf.ts";

Deno.test("convertPdf() reads a tagged heading under 40 elements, and keeps the text of one deeper", async () => {
  // pdf.js links an element into the page's structure tree through at most 40 ancestors; deeper, its content
  // is read as untagged text. The deepest tagged content of the corpora's tuning parts has 12 ancestors.
  assert.equal((await convertPdf(deepTagsPdf(40, "H2"))).markdown, "## Deep\n");
  assert.equal((await convertPdf(deepTagsPdf(41, "H2"))).markdown, "Deep\n");
  assert.equal((await convertPdf(deepTagsPdf(50_000, "H2"))).markdown, "Deep\n");
});

Deno.test("convertPdf() reads an outline 1,000 entries deep, and keeps the text under one 50,000 deep", async () => {
  const text = ["Alpha title", "Body text of the page.", "Beta title", "More text."];
  const headed = `# ${text[0]}\n\n${text[1]}\n\n## ${text[2]}\n\n${text[3]}\n`;
  assert.equal((await convertPdf(deepOutlinePdf(1_000))).markdown, headed);
  // Past about 1,900 levels pdf.js cannot hand the outline over (its structured copy runs out of stack): the
  // headings then come from the type alone, here none, and every word stays.
  assert.equal((await convertPdf(deepOutlinePdf(50_000))).markdown, `${text.join("\n\n")}\n`);
});
