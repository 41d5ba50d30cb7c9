import assert from "node:assert/strict";
import { renderMarkdown } from "../../../lib/pdf/markdown.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import { buildBlocks } from "../../../lib/pdf/structure.ts";
import type { Line, PageText, Span } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, RIGHT } from "../../_support/laid_out_page.ts";

/** A piece of a formula's row: its text and where it starts and ends. */
type Piece = [text: string, x0: number, x1: number];

/** A row of a tagged display formula (the tree's element 9) on baseline `y`, of its pieces. */
function formulaRow(y: number, ...pieces: Piece[]): Line {
  const spans: Span[] = pieces.map(([text, x0, x1]) => ({
    ...line(text, x0, x1, y).spans[0]!,
    tag: { block: 9, formula: true },
  }));
  return { spans, x0: pieces[0]![1], x1: pieces.at(-1)![2], y, size: 10, page: 1 };
}

/** Markdown of a page: a paragraph of text, then the formula's rows, then a paragraph. */
function markdownOf(rows: Line[]): string {
  const top = 100, formulaTop = top + 3 * LEADING;
  const lines = [
    line("The text before the formula runs over two lines of the page, as a paragraph of", LEFT, RIGHT, top),
    line("the document does:", LEFT, LEFT + 90, top + LEADING),
    ...rows.map((row) => ({ ...row, y: row.y + formulaTop })),
    line("and the text goes on after it.", LEFT, LEFT + 140, formulaTop + 6 * LEADING),
  ];
  const pages: PageText[] = [{ page: 1, width: 595, height: 842, lines }];
  return renderMarkdown(buildBlocks(pages, { stats: documentStats(pages), outline: [], pageBreaks: false }));
}

Deno.test("a display formula's number centred between its rows at the left margin reads before the formula", () => {
  const markdown = markdownOf([
    formulaRow(0, ["a = b + c − d", 250, 320]),
    formulaRow(LEADING, ["+ e − f", 280, 320]),
    formulaRow(LEADING * 1.5, ["(2)", LEFT, LEFT + 12]),
    formulaRow(LEADING * 2, ["= g + h", 260, 300]),
  ]);
  assert.match(markdown, /\n\n\(2\) a = b \+ c − d \+ e − f = g \+ h\n\n/);
});

Deno.test("a display formula's number on a middle row at the right margin reads after the formula", () => {
  const markdown = markdownOf([
    formulaRow(0, ["0 if r − j is odd,", 300, 380]),
    formulaRow(LEADING, ["P = {", 230, 260], ["(3.24)", RIGHT - 25, RIGHT]),
    formulaRow(LEADING * 2, ["r! if r − j is even.", 300, 390]),
  ]);
  assert.match(markdown, /\n\n0 if r − j is odd, P = \{ r! if r − j is even\. \(3\.24\)\n\n/);
});

Deno.test("a number inside a formula's row, close up to its pieces, stays where it stands", () => {
  const markdown = markdownOf([
    formulaRow(0, ["x =", 250, 270], ["(2)", 272, 284], ["+ y", 286, 300]),
    formulaRow(LEADING, ["= z", 260, 280]),
  ]);
  assert.match(markdown, /\n\nx = \(2\) \+ y = z\n\n/);
});
