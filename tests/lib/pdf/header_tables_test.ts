/**
 * Ruled tables of one row (a header with no body under it) and names or
 * numbers a narrow ruled column breaks at its edge: the `header_tables`
 * layout fixture, rendered by AbiWord and WeasyPrint
 * (`bench/pdf/make_layout_fixtures.ts`), converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";

/** The Markdown of the fixture from one producer. */
async function markdown(producer: string): Promise<string> {
  const url = new URL(`./fixtures/layout/header_tables.${producer}.pdf`, import.meta.url);
  return (await convertPdf(await Deno.readFile(url))).markdown;
}

/** Each Markdown table's rows, as their cells' texts with code marks and escapes dropped. */
function tables(text: string): string[][][] {
  return text.split(/\n{2,}/).filter((block) => block.startsWith("|")).map((block) =>
    block.split("\n").filter((l) => !/^\|[\s|-]+\|$/.test(l))
      .map((l) => l.slice(1, -1).split(" | ").map((c) => c.trim().replaceAll("`", "").replaceAll("\\_", "_")))
  );
}

const HEADER = ["Option", "Kind", "Default", "Meaning"];

for (const producer of ["abiword", "weasyprint"]) {
  Deno.test(`${producer}: a ruled table of its header row alone is a table between its paragraphs`, async () => {
    const text = await markdown(producer);
    const found = tables(text);
    assert.deepEqual(found[0], [HEADER], text);
    assert.deepEqual(found[1], [[...HEADER, "Since"], [
      "retry_limit",
      "number",
      "3",
      "how many times a request is sent again",
      "1.2",
    ]], text);
    // The prose around the header stays paragraphs of its own.
    assert.ok(text.includes("needs a restart.\n\n| Option"), text);
    assert.ok(text.includes("|\n\nThe table above is only a header"), text);
  });
}

Deno.test("abiword: words, names joined by underscores and numbers broken at a narrow ruled cell's edge are whole", async () => {
  const text = await markdown("abiword");
  const rows = tables(text)[2]!;
  // `Default` broken in three (`De` / `fa` / `ult`) mends piece by piece: the document uses it whole.
  assert.deepEqual(rows[0], [...HEADER, "Since"], text);
  assert.deepEqual(rows.slice(1).map((row) => [row[0], row[4]]), [
    ["max_depth", "1.0"],
    ["user_agent", "1.1"],
    ["retry_limit", "1.2"],
  ], text);
});
