import assert from "node:assert/strict";
import { renderMarkdown } from "../../../lib/pdf/markdown.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import { buildBlocks } from "../../../lib/pdf/structure.ts";
import type { Line, PageText } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, RIGHT } from "../../_support/laid_out_page.ts";

/** The indent of each paragraph's first line. */
const INDENT = 15;

/** One row of a page: its text, its left and right edges, and the tagged `P` it belongs to. */
type Row = [text: string, x0: number, x1: number, paragraph: number];

/** Markdown of a tagged page of `rows`, each on its own baseline; `null` leaves a line's space blank. */
function markdownOf(rows: Array<Row | null>): string {
  const lines: Line[] = [];
  rows.forEach((row, i) => {
    if (!row) return;
    const [text, x0, x1, block] = row;
    const laid = line(text, x0, x1, 100 + i * LEADING);
    lines.push({ ...laid, spans: laid.spans.map((s) => ({ ...s, tag: { block, paragraph: true } })) });
  });
  const pages: PageText[] = [{ page: 1, width: 595, height: 842, lines }];
  return renderMarkdown(buildBlocks(pages, { stats: documentStats(pages), outline: [], pageBreaks: false }));
}

/** Two paragraphs of running text, each opening set in, as every paragraph of the document does. */
const PROSE: Row[] = [
  ["The committee page follows, and this paragraph opens set in as every", LEFT + INDENT, RIGHT, 1],
  ["paragraph of the document does.", LEFT, LEFT + 160, 1],
  ["A second paragraph opens set in too, and runs over two lines of the", LEFT + INDENT, RIGHT, 2],
  ["page.", LEFT, LEFT + 25, 2],
];

/** A line set flush right, `width` points wide, in the paragraph `block`. */
function flushRight(text: string, width: number, block: number): Row {
  return [text, RIGHT - width, RIGHT, block];
}

Deno.test("one-line paragraphs set flush right one under the other at the line spacing are one paragraph's broken lines", () => {
  const markdown = markdownOf([
    ...PROSE,
    null,
    flushRight("Marcus Gavius Apicius", 110, 3),
    flushRight("Professor of Cooking Arts", 120, 4),
    flushRight("Department of Food Science", 130, 5),
    null,
    flushRight("Julia Child", 55, 6),
    flushRight("Professor of French Cuisine", 125, 7),
  ]);
  assert.match(
    markdown,
    /\n\nMarcus Gavius Apicius {2}\nProfessor of Cooking Arts {2}\nDepartment of Food Science\n\nJulia Child {2}\nProfessor of French Cuisine\n$/,
  );
});

Deno.test("broken lines flush left join, but a line set in opens a paragraph of its own", () => {
  const markdown = markdownOf([
    ...PROSE,
    ["TeX Users Group", LEFT, LEFT + 80, 3],
    ["PO Box 2311", LEFT, LEFT + 55, 4],
    ["Set in, a paragraph of one line.", LEFT + INDENT, LEFT + 170, 5],
  ]);
  assert.match(markdown, /\n\nTeX Users Group {2}\nPO Box 2311\n\nSet in, a paragraph of one line\.\n$/);
});

Deno.test("one-line paragraphs are left apart in a document that does not indent its paragraphs", () => {
  const markdown = markdownOf([
    ...PROSE.map(([text, , x1, block]): Row => [text, LEFT, x1, block]),
    null,
    ["First of two short paragraphs.", LEFT, LEFT + 150, 3],
    ["Second of them.", LEFT, LEFT + 75, 4],
  ]);
  assert.match(markdown, /\n\nFirst of two short paragraphs\.\n\nSecond of them\.\n$/);
});

Deno.test("one-line paragraphs each set in, one under the other, stay paragraphs of their own", () => {
  // A dialogue's lines: each a paragraph of one line, opening set in as every paragraph of the document does.
  const markdown = markdownOf([
    ...PROSE,
    ["\u201cYes,\u201d he said.", LEFT + INDENT, LEFT + 80, 3],
    ["\u201cNo,\u201d she said, and went on.", LEFT + INDENT, LEFT + 140, 4],
    ["\u201cWhy not?\u201d", LEFT + INDENT, LEFT + 60, 5],
  ]);
  assert.match(markdown, /\n\n“Yes,” he said\.\n\n“No,” she said, and went on\.\n\n“Why not\?”\n$/);
});
