import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";

/** The fixture's Markdown: a chapter of prose, then its index in two columns. */
async function indexMarkdown(): Promise<string> {
  const bytes = await Deno.readFile(new URL("./fixtures/layout/index_page.weasyprint.pdf", import.meta.url));
  return (await convertPdf(bytes)).markdown;
}

Deno.test("an index page is a bulleted list nested by indent, wrapped pages joined, pages kept as printed", async () => {
  const markdown = await indexMarkdown();
  const index = markdown.slice(markdown.indexOf("# Index"));
  assert.equal(
    index.trim(),
    [
      "# Index",
      "",
      "- account, 3, 5, 17",
      "- amount, 4, 9–11",
      "- appending rows, 6",
      "- auditor, 12, 14, 15, 18, 21, 22, 25, 27, 29, 31, 33, 35, 38, 40",
      "- balance",
      "  - at the end, 19",
      "  - at the start, 18",
      "  - carried over, 20–21",
      "- bank statement, 22",
      "- `byteLength`, 8",
      "- checksum, 7, 8",
      "  - length of, 8",
      "  - verifying, 9, 24, 25, 27, 28, 30, 31, 33, 34, 36, 37, 39",
      "- closing a ledger, 30",
      "- columns of a row, 4",
      "- differences, 23",
      "- duplicate payments, 24, 26",
      "- format",
      "  - compact, 10",
      "  - wide, 11",
      "- ledger, 1–40",
      "- opening a ledger, 2",
      "- payments, 3, 22–26",
      "- reconciliation, 22–29",
      "- rows, 4–6",
      "- settlement time, 5",
    ].join("\n"),
  );
});

Deno.test("prose with page-like numbers after commas, before the index, stays paragraphs", async () => {
  const markdown = await indexMarkdown();
  const prose = markdown.slice(0, markdown.indexOf("# Index"));
  assert.ok(!/^\s*- /m.test(prose), prose);
  assert.equal(prose.trim().split(/\n\n+/).length, 3, prose);
});
