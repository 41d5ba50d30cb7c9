/**
 * Quotes of one command each in inline code, in a narrow column: fixture
 * `code_quote_wraps` (two-column WeasyPrint, made from Markdown by
 * `deno task make:pdf-layout-fixtures`), converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";

/** Our Markdown for the fixture. */
async function convert(): Promise<string> {
  const url = new URL("./fixtures/layout/code_quote_wraps.weasyprint-columns.pdf", import.meta.url);
  return (await convertPdf(await Deno.readFile(url))).markdown;
}

Deno.test("a quote of inline code wrapped inside its token goes on into the prose after it (two columns)", async () => {
  const out = await convert();
  assert.ok(out.includes("\n> `deno doc jsr:@tides/base` # command-line documentation\n"), out);
});

Deno.test("quotes of one command each stand apart, wrapped or not (two columns)", async () => {
  const out = await convert();
  assert.ok(out.includes("> `npm install @tides/base`\n\n> `deno add jsr:@tides/base`\n\n> `deno doc"), out);
});

Deno.test("paragraphs after quotes of wrapped commands stay paragraphs (two columns)", async () => {
  const out = await convert();
  // The quote wrapped inside its token is parted in two drafts a line apart at first: that says
  // nothing of how the document spaces its paragraphs, which WeasyPrint sets apart.
  assert.ok(out.includes("\n\nCheck out the ports using tide-tables.\n"), out);
  assert.ok(out.includes("\n\nThe package reads the tables for one port"), out);
  assert.ok(!out.includes("> The package reads") && !out.includes("> Check out"), out);
});
