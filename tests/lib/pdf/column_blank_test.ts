/**
 * A page of a two-column document whose ragged prose reaches further into
 * the blank between the columns than the document's other pages, beside a
 * listing of short rows: fixture `column_blank` (WeasyPrint, made by
 * `deno task make:pdf-layout-fixtures`), converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";

/** Our Markdown for the fixture. */
async function convert(): Promise<string> {
  const url = new URL("./fixtures/layout/column_blank.weasyprint.pdf", import.meta.url);
  return (await convertPdf(await Deno.readFile(url))).markdown;
}

Deno.test("prose past the document's gutter is still its column's: read column by column, not as a table", async () => {
  const out = await convert();
  assert.ok(!out.includes("|"), out);
  assert.ok(
    out.includes(
      "\n\nThe first table lists the time each request took, at the fastest, the middle and the slowest of " +
        "them; the second one counts the requests sent and the bytes read back in every second of the run.\n",
    ),
    out,
  );
  assert.ok(out.includes("the latency at each of them:\n\n```\nPercentile  Latency (ms)\n"), out);
  assert.ok(out.includes("99.99       15\n```\n\nRead from the bottom, it shows how slow"), out);
});
