import assert from "node:assert/strict";
import { rewriteContents } from "../../../lib/pdf/contents_page.ts";
import type { OutlineEntry } from "../../../lib/pdf/types.ts";
import { LEFT, page, RIGHT } from "../../_support/laid_out_page.ts";

/** A short document's outline: one section and one subsection. */
const OUTLINE: OutlineEntry[] = [
  { title: "Collecting the records", level: 1, page: 2 },
  { title: "Notes on the ledger", level: 2, page: 2 },
];

/** A contents page listing `rows` (title, indent), each with its page number at the right margin. */
function contentsPage(rows: Array<[string, number]>) {
  const text = page(["Contents", LEFT, LEFT + 45], null);
  for (const [title, indent] of rows) {
    const y = text.lines[text.lines.length - 1]!.y + 24;
    const lines =
      page([title, LEFT + indent, LEFT + indent + title.length * 5], ["2", RIGHT - 5, RIGHT]).lines;
    text.lines.push(...lines.map((l) => ({ ...l, y, spans: l.spans.map((s) => ({ ...s, y })) })));
  }
  return text;
}

/** The texts of a page's lines, top to bottom. */
function texts(lines: ReturnType<typeof page>["lines"]): string[] {
  return lines.map((l) => l.spans.map((s) => s.text).join(" "));
}

Deno.test("two contents rows naming the whole outline are a short document's contents list", () => {
  const [out] = rewriteContents(
    [contentsPage([["Collecting the records", 0], ["Notes on the ledger", 15]])],
    OUTLINE,
  );
  assert.deepEqual(texts(out!.lines), ["Contents", "• Collecting the records", "• Notes on the ledger"]);
});

Deno.test("two rows naming part of the outline stay as they are", () => {
  const outline = [...OUTLINE, { title: "Checking every row", level: 1, page: 3 }];
  const input = contentsPage([["Collecting the records", 0], ["Notes on the ledger", 15]]);
  const [out] = rewriteContents([input], outline);
  assert.equal(out, input);
});

Deno.test("a draft's ? before a contents row's page number goes with the page number", () => {
  const [out] = rewriteContents(
    [contentsPage([["Collecting the records ?", 0], ["Notes on the ledger", 15]])],
    OUTLINE,
  );
  assert.deepEqual(texts(out!.lines), ["Contents", "• Collecting the records", "• Notes on the ledger"]);
});

Deno.test("rows spelling outline titles with a comma before their page are an index's, no contents list", () => {
  // A reference manual's index names its topics, which are its outline's entries, each followed by its page.
  const outline = ["complete.cases", "droplevels", "factor", "na.fail"].map((title, i) => ({
    title,
    level: 1,
    page: 10 + i,
  }));
  const input = contentsPage(outline.map((e) => [`${e.title},`, 15]));
  const [out] = rewriteContents([input], outline);
  assert.equal(out, input);
});
