import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";

/** The fixture's Markdown (`make_layout_fixtures.ts`, from `table_page_measure.md`): AbiWord spaces no paragraph. */
async function fixtureMarkdown(): Promise<string> {
  const url = new URL("./fixtures/layout/table_page_measure.abiword.pdf", import.meta.url);
  return (await convertPdf(await Deno.readFile(url))).markdown;
}

Deno.test("a page in one column keeps its measure beside a ruled table and listing rows parted at spaces", async () => {
  const markdown = await fixtureMarkdown();
  // Each label would have fitted after the short line above it: two paragraphs, not one.
  for (const line of ["The level of a dark lamp.", "The level of a bright lamp."]) {
    assert.ok(markdown.includes(`${line}\n\nExample:`), markdown);
  }
  // The line that wrapped goes on with its paragraph; the table stays a table.
  assert.ok(markdown.includes("once the lamp is dark, which is not an error.\n\nUsage:"), markdown);
  assert.ok(markdown.includes("| lantern.FULL | The level of a lamp at its brightest |"), markdown);
});

Deno.test("a line wholly in bold ending in a colon labels what follows: no bold phrase wrapped from the line above", async () => {
  const markdown = await fixtureMarkdown();
  // The quote's line ends short of the measure by less than the label is wide, yet the label is no wrap.
  assert.ok(markdown.includes("— ivory — rosy\n\nCold colours:\n\n> azure"), markdown);
});
