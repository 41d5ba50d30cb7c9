import assert from "node:assert/strict";
import { renderMarkdown } from "../../../lib/pdf/markdown.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import { buildBlocks } from "../../../lib/pdf/structure.ts";
import type { PageText } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, RIGHT } from "../../_support/laid_out_page.ts";

/** The indent of each paragraph's first line. */
const INDENT = 15;

/** A page of lines `[text, indented, full]` from the top, each full line reaching the right edge. */
function pageOf(page: number, rows: Array<[string, boolean, boolean]>): PageText {
  const lines = rows.map(([text, indented, full], i) => ({
    ...line(text, LEFT + (indented ? INDENT : 0), full ? RIGHT : LEFT + 200, 100 + i * LEADING),
    page,
  }));
  return { page, width: 595, height: 842, lines };
}

/** Markdown of two pages: a page ending on a full line that ends a sentence, the next opening at `indented`. */
function turned(indented: boolean): string {
  const pages = [
    pageOf(1, [
      ["The first paragraph opens set in, as each paragraph of this document", true, true],
      ["does, and it runs over three lines of the page before it ends here", false, true],
      ["with a short line.", false, false],
      ["The second paragraph opens set in too and runs to the foot of the", true, true],
      ["page, where its last line is full and ends a sentence right there.", false, true],
    ]),
    pageOf(2, [
      ["The next page opens with a sentence that goes on with the paragraph", indented, true],
      ["when it stands at the lines' own edge.", false, false],
      ["A third paragraph opens set in, as every paragraph of the document", true, true],
      ["does.", false, false],
    ]),
  ];
  return renderMarkdown(buildBlocks(pages, { stats: documentStats(pages), outline: [], pageBreaks: false }));
}

Deno.test("a paragraph broken by a page turn after a full line ending a sentence goes on where the next page opens unindented", () => {
  assert.match(turned(false), /right there\. The next page opens/);
});

Deno.test("a page opening set in, where the paragraphs indent their first lines, opens a paragraph", () => {
  assert.match(turned(true), /right there\.\n\nThe next page opens/);
});
