import assert from "node:assert/strict";
import { renderMarkdown } from "../../../lib/pdf/markdown.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import { buildBlocks } from "../../../lib/pdf/structure.ts";
import type { Line, PageText } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, RIGHT } from "../../_support/laid_out_page.ts";

/** A line of the tagged paragraph `block` from `x0` to `x1` on the page's row `row`. */
function tagged(text: string, x0: number, x1: number, row: number, block: number): Line {
  const laid = line(text, x0, x1, 100 + row * LEADING);
  return { ...laid, spans: laid.spans.map((s) => ({ ...s, tag: { block, paragraph: true } })) };
}

/** Markdown of a tagged page of `lines`. */
function markdownOf(lines: Line[]): string {
  const pages: PageText[] = [{ page: 1, width: 595, height: 842, lines }];
  return renderMarkdown(buildBlocks(pages, { stats: documentStats(pages), outline: [], pageBreaks: false }));
}

/** A paragraph of two lines before the figure, and one of two lines after it. */
const before = [
  tagged("A paragraph of text stands before the figure, and it runs over two lines of", LEFT, RIGHT, 0, 1),
  tagged("the page.", LEFT, LEFT + 45, 1, 1),
];
const after = [
  tagged("The text goes on under the figure's caption, in a paragraph of its own that", LEFT, RIGHT, 12, 5),
  tagged("ends here.", LEFT, LEFT + 50, 13, 5),
];

Deno.test("labels of sub-figures set side by side, each a paragraph of its own, read apart", () => {
  const markdown = markdownOf([
    ...before,
    tagged("(a)", 180, 194, 9, 2),
    tagged("(b)", 415, 430, 9, 3),
    tagged("Figure 1.1: A figure with two subfigures.", LEFT + 100, LEFT + 300, 11, 4),
    ...after,
  ]);
  assert.match(markdown, /\n\n\(a\)\n\n\(b\)\n\nFigure 1\.1: A figure with two subfigures\.\n\n/);
});

Deno.test("pieces of one tagged paragraph on one baseline, far apart, stay one line", () => {
  const markdown = markdownOf([
    ...before,
    tagged("Stretched", LEFT, LEFT + 50, 9, 2),
    tagged("words of one line.", LEFT + 300, RIGHT, 9, 2),
    ...after,
  ]);
  assert.match(markdown, /\n\nStretched words of one line\.\n\n/);
});
