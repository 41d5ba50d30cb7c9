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

const text = ["Alpha title", "Body text of the page.", "Beta title", "More text."];
const headed = `# ${text[0]}\n\n${text[1]}\n\n## ${text[2]}\n\n${text[3]}\n`;

Deno.test("convertPdf() reads an outline 1,000 entries deep, its first 32 levels, and says so", async () => {
  const result = await convertPdf(deepOutlinePdf(1_000));
  assert.equal(result.markdown, headed);
  assert.deepEqual(result.outline?.map((entry) => entry.level), Array.from({ length: 32 }, (_, i) => i + 1));
  assert.deepEqual(result.warnings, [
    "The outline nests deeper than 32 levels: its entries below that are left out",
  ]);
  const shallow = await convertPdf(deepOutlinePdf(32));
  assert.equal(shallow.outline?.length, 32);
  assert.deepEqual(shallow.warnings, []);
});

Deno.test("convertPdf() reads the first levels of an outline 50,000 deep", async () => {
  // pdf.js hands the outline over as one nested object; `structuredClone` runs out of stack copying it past
  // about 1,900 levels, so the port copies deep data in a loop (`direct_port.ts`).
  const result = await convertPdf(deepOutlinePdf(50_000));
  assert.equal(result.markdown, headed);
  assert.equal(result.outline?.length, 32);
  assert.match(result.warnings.join("\n"), /deeper than 32 levels/);
});

Deno.test("convertPdf() says when the outline cannot be read, and keeps every word", async () => {
  // Past a million objects the port leaves the copy to `structuredClone` (a cycle would never end), which runs
  // out of stack on an outline 200,000 deep: no outline is read, the headings come from the type alone.
  const result = await convertPdf(deepOutlinePdf(200_000));
  assert.equal(result.markdown, `${text.join("\n\n")}\n`);
  assert.equal(result.outline, undefined);
  assert.deepEqual(result.warnings, [
    "The outline (bookmarks) could not be read (Maximum call stack size exceeded): " +
    "headings are found from the type alone",
  ]);
});
