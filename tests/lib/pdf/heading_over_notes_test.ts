/**
 * A heading at a page's foot, only the page's notes under it, heads the text
 * the next page opens with: the notes come before it, not between it and its
 * first paragraph.
 */
import assert from "node:assert/strict";
import { renderMarkdown } from "../../../lib/pdf/markdown.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import { buildBlocks } from "../../../lib/pdf/structure.ts";
import type { Line, OutlineEntry, PageText } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, paragraphs, RIGHT } from "../../_support/laid_out_page.ts";

/** A line of `text` at `size`, from `x0` to `x1` on baseline `y`, on `page`. */
function sized(text: string, x0: number, x1: number, y: number, size: number, page = 1): Line {
  const plain = line(text, x0, x1, y);
  return { ...plain, size, page, spans: plain.spans.map((s) => ({ ...s, size })) };
}

/** A paragraph of two lines from baseline `y` on `page`. */
function prose(words: string, y: number, page: number): Line[] {
  return [
    sized(`${words} runs from one edge of the column to the other edge of it,`, LEFT, RIGHT, y, 10, page),
    sized("and ends here.", LEFT, LEFT + 70, y + LEADING, 10, page),
  ];
}

/** Page 1: prose, a heading near its foot, two notes; page 2: the section's text. */
function pages(): PageText[] {
  const first = [
    ...prose("The abstract", 100, 1),
    ...prose("The keywords", 140, 1),
    sized("1. INTRODUCTION", 250, 345, 640, 10),
    sized("Corresponding author: A. Author", LEFT, LEFT + 140, 700, 8),
    sized("Released on June, 10th, 2019", LEFT, LEFT + 120, 712, 8),
  ];
  const second = [...prose("The introduction", 100, 2), ...prose("Its second paragraph", 140, 2)];
  return [
    { page: 1, width: 595, height: 842, lines: first },
    { page: 2, width: 595, height: 842, lines: second },
  ];
}

Deno.test("a heading over a page's notes comes after them, over the next page's text", () => {
  const text = pages();
  const outline: OutlineEntry[] = [{ title: "INTRODUCTION", level: 1, page: 1 }];
  const blocks = buildBlocks(text, { stats: documentStats(text), outline, pageBreaks: false });
  const out = paragraphs(renderMarkdown(blocks));
  const heading = out.findIndex((p) => p.startsWith("# "));
  assert.ok(heading > 0, out.join("\n\n"));
  assert.ok(out[heading + 1]!.startsWith("The introduction runs"), out.join("\n\n"));
  assert.ok(out[heading - 1]!.endsWith("Released on June, 10th, 2019"), out.join("\n\n"));
});

Deno.test("a heading over smaller text the next page goes on with (a bibliography set small) stays over it", () => {
  const first = [
    ...prose("The last section", 100, 1),
    ...prose("Its second paragraph", 140, 1),
    ...prose("Its third paragraph", 180, 1),
    ...prose("Its fourth paragraph", 220, 1),
    sized("REFERENCES", 250, 330, 640, 10),
    sized("Author, A. 2013, A&A, 558, A33,", LEFT, LEFT + 140, 660, 8),
    sized("Author, B. 2018, AJ, 156, 123,", LEFT, LEFT + 140, 672, 8),
  ];
  const second = [
    sized("Author, C. 1996, A&AS, 117, 393,", LEFT, LEFT + 140, 100, 8, 2),
    sized("Author, D. 2015, ApJ, 805, 23,", LEFT, LEFT + 140, 112, 8, 2),
  ];
  const text: PageText[] = [
    { page: 1, width: 595, height: 842, lines: first },
    { page: 2, width: 595, height: 842, lines: second },
  ];
  const outline: OutlineEntry[] = [{ title: "REFERENCES", level: 1, page: 1 }];
  const out = paragraphs(
    renderMarkdown(buildBlocks(text, { stats: documentStats(text), outline, pageBreaks: false })),
  );
  const heading = out.findIndex((p) => p.startsWith("# "));
  assert.ok(out[heading + 1]!.startsWith("Author, A. 2013"), out.join("\n\n"));
});
