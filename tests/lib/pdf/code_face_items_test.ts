/**
 * Lists whose items are only inline code, which ReportLab (rst2pdf) draws as
 * rows of code with their numbers and bullets in the code's face: fixture
 * `code_face_items` (rst2pdf, and WeasyPrint, which sets the markers in the
 * body's face), made from Markdown by `deno task make:pdf-layout-fixtures`
 * and converted with real pdf.js; and the pass on drafts made by hand.
 */
import assert from "node:assert/strict";
import { codeRowsToItems } from "../../../lib/pdf/code_face_items.ts";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { codeLine, LEFT } from "../../_support/laid_out_page.ts";

/** Our Markdown for one rendering of the fixture. */
async function convert(producer: string): Promise<string> {
  const url = new URL(`./fixtures/layout/code_face_items.${producer}.pdf`, import.meta.url);
  return (await convertPdf(await Deno.readFile(url))).markdown;
}

/** The items of the fixture's two lists of inline code, as its source writes them. */
const ITEMS = [
  "1. `checkOptions`",
  "2. `fetchFromDatabase`",
  "3. `storeResult`",
  "4. `handleData`",
  "",
  "Each of these may be replaced by one of its own, passed in at registration:",
  "",
  "- `options.before`",
  "- `options.after`",
  "- `options.error`",
].join("\n");

for (const producer of ["rst2pdf", "weasyprint"]) {
  Deno.test(`items made only of inline code are a list's, their markers in the code's face or not (${producer})`, async () => {
    const out = await convert(producer);
    assert.ok(out.includes(ITEMS), out);
    // A listing whose rows open with numbers stays a listing; a list of prose stays a list.
    assert.ok(out.includes("```\n1. fetch the record\n2. check it\n3. store it\n```"), out);
    assert.ok(out.includes("1. Fetch the record from the database.\n2. Check it against the options."), out);
  });
}

Deno.test("a paragraph of inline code alone stays a paragraph where listings sit on shading (rst2pdf)", async () => {
  assert.ok((await convert("rst2pdf")).split("\n").includes("`hook.remove(checkOptions)`"));
});

/** A one-line paragraph of inline code at `x` on baseline `y`. */
function codeParagraph(text: string, y: number, x = LEFT + 8): Draft {
  return { kind: "text", page: 1, lines: [codeLine(text, x, y)] };
}

Deno.test("one row of code with a marker, numbers that do not count up, or rows at two edges stay paragraphs", () => {
  const kinds = (drafts: Draft[]) => {
    codeRowsToItems(drafts);
    return drafts.map((d) => d.kind);
  };
  assert.deepEqual(kinds([codeParagraph("1. checkOptions", 100)]), ["text"]);
  assert.deepEqual(kinds([codeParagraph("1. checkOptions", 100), codeParagraph("3. storeResult", 118)]), [
    "text",
    "text",
  ]);
  assert.deepEqual(
    kinds([codeParagraph("1. checkOptions", 100), codeParagraph("2. storeResult", 118, LEFT + 40)]),
    ["text", "text"],
  );
  const counted = [codeParagraph("7. checkOptions", 100), codeParagraph("8. storeResult", 118)];
  assert.deepEqual(kinds(counted), ["list_item", "list_item"]);
  assert.deepEqual(counted.map((d) => [d.marker, d.depth, d.lines[0]!.spans[0]!.text]), [
    ["7.", 0, "checkOptions"],
    ["8.", 0, "storeResult"],
  ]);
});
