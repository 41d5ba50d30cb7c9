/**
 * A list's items filed in one paragraph by a tree that tags paragraphs only
 * (TeX Live 2022's `phase-II`): on a justified page, a line opening with a
 * marker after a line of the same `P` that ended short opens an item; a line
 * wrapped from a full one stays the paragraph's.
 */
import assert from "node:assert/strict";
import type { Line, PageText } from "../../../lib/pdf/types.ts";
import { LEFT, line, markdown, paragraphs, RIGHT } from "../../_support/laid_out_page.ts";

/** A line of `text` from `x0` to `x1` on baseline `y`, tagged as part of the paragraph `block`. */
function tagged(text: string, x0: number, x1: number, y: number, block: number): Line {
  const plain = line(text, x0, x1, y);
  return { ...plain, spans: plain.spans.map((s) => ({ ...s, tag: { block } })) };
}

/** A justified page: a paragraph of three full lines, then the lines given. */
function pageWith(...rows: Line[]): PageText {
  const prose = [
    tagged("The new features in the recent releases include a great many things set", LEFT, RIGHT, 100, 1),
    tagged("to the full measure of the column, as every line of a justified paragraph", LEFT, RIGHT, 112, 1),
    tagged("is, but for its last, which ends where its words do, short of the edge.", LEFT, RIGHT, 124, 1),
  ];
  return { page: 1, width: 595, height: 842, lines: [...prose, ...rows] };
}

Deno.test("items a paragraph-only tree files in one paragraph open where the line before ended short", () => {
  const out = markdown(pageWith(
    tagged("Release 6.2 brought these:", LEFT, 220, 148, 6),
    tagged("1. A new style option for research notes,", LEFT + 20, 330, 160, 6),
    tagged("2. Titles no longer put in all caps,", LEFT + 20, 300, 172, 6),
    tagged("3. No page skip between the title page and the body.", LEFT + 20, 400, 184, 6),
  ));
  assert.deepEqual(paragraphs(out).slice(1), [
    "Release 6.2 brought these:",
    "1. A new style option for research notes,\n2. Titles no longer put in all caps,\n" +
    "3. No page skip between the title page and the body.",
  ], out);
});

Deno.test("a line of a tagged paragraph opening with a number after a full line stays the paragraph's", () => {
  const out = markdown(pageWith(
    tagged(
      "The count of releases since the first one, which came out in January, is now",
      LEFT,
      RIGHT,
      148,
      6,
    ),
    tagged("2. Both were made by the same author over the years.", LEFT, 330, 160, 6),
  ));
  assert.equal(paragraphs(out).length, 2, out);
  assert.ok(!out.includes("\n2. "), out);
});
