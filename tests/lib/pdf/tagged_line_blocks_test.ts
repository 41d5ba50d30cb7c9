/**
 * A line of a tagged paragraph may open with a word the tree files as a
 * paragraph of its own (TeX Live 2022's tagging files a logo and a note's
 * mark so): one block in common with the line before keeps it in that
 * paragraph; lines sharing none are two paragraphs.
 */
import assert from "node:assert/strict";
import type { Line, PageText } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, markdown, paragraphs, RIGHT, SIZE } from "../../_support/laid_out_page.ts";

const serif = { name: "Serif", bold: false, italic: false, monospace: false };

/** A line from `x0` to `x1` on baseline `y` of pieces, each `[text, block]`, spread evenly. */
function taggedLine(pieces: Array<[string, number]>, x0: number, x1: number, y: number): Line {
  const step = (x1 - x0) / pieces.length;
  const spans = pieces.map(([text, block], i) => ({
    text,
    x: x0 + i * step,
    y,
    width: step - 5,
    size: SIZE,
    font: serif,
    tag: { block, paragraph: true },
  }));
  return { spans, x0, x1: x0 + pieces.length * step - 5, y, size: SIZE, page: 1 };
}

/** A paragraph (block 1) whose first line opens with a logo filed as block 2, then a paragraph (block 3). */
function taggedPage(): PageText {
  const y = (row: number) => 100 + row * LEADING;
  return {
    page: 1,
    width: 595,
    height: 842,
    lines: [
      taggedLine(
        [["LaTeX", 2], ["is a document markup language", 1], ["well suited to the", 1]],
        LEFT,
        RIGHT,
        y(0),
      ),
      taggedLine(
        [["publication of", 1], ["mathematical and scientific", 1], ["articles, and was", 1]],
        LEFT,
        RIGHT,
        y(1),
      ),
      taggedLine([["written in 1985.", 1]], LEFT, LEFT + 90, y(2)),
      taggedLine(
        [["In 1996 the preprint", 3], ["style was modified to closely", 3], ["emulate a typeset", 3]],
        LEFT,
        RIGHT,
        y(3),
      ),
      taggedLine([["journal's article.", 3]], LEFT, LEFT + 90, y(4)),
    ],
  };
}

Deno.test("a line opening with a word the tree files apart stays in the paragraph it shares a block with", () => {
  const out = paragraphs(markdown(taggedPage()));
  assert.equal(out.length, 2, out.join("\n\n"));
  assert.ok(out[0]!.startsWith("LaTeX is a document") && out[0]!.endsWith("written in 1985."), out[0]);
  assert.ok(out[1]!.startsWith("In 1996"), out[1]);
});
