/**
 * A paper's first page whose right column holds only short lines (the
 * biographies' names, the words in a photo's frame): the left column's
 * justified lines, flush at one x near the middle, show the gutter
 * (`lib/pdf/flush_gutter.ts`), and the columns are read one after the other,
 * not interleaved row by row (which read as one table of three columns).
 */
import assert from "node:assert/strict";
import { findGutter, readingOrder } from "../../../lib/pdf/layout.ts";
import type { Line } from "../../../lib/pdf/types.ts";
import { line, markdown, pageOf } from "../../_support/laid_out_page.ts";

/** The column's flush right edge. */
const EDGE = 300;

const TITLE: Line[] = [
  line("A Title Set Across the Page", 170, 441, 77),
  line("First Author, Second Author and Third Author", 105, 506, 128),
];
const LEFT_COLUMN: Line[] = [
  line("Abstract—The abstract goes here.", 49, 190, 184),
  line("Index Terms—first, second, third, fourth, and a few more of", 49, EDGE, 199),
  line("them.", 49, 70, 210),
  line("INTRODUCTION", 135, 213, 238),
  line("This demo file is intended to serve as a starter file for papers", 49, EDGE, 253),
  line("produced under the class, and I wish you the best of", 49, EDGE, 265),
  line("success.", 49, 81, 277),
  line("The conclusion goes here.", 59, 166, 408),
  line("The authors would like to thank everybody.", 59, 198, 541),
  line("A. Author is with the Department of Engineering, Institute", 49, EDGE, 710),
  line("of Technology, somewhere far away.", 49, 186, 719),
];
const RIGHT_COLUMN: Line[] = [
  line("First Author Biography text here.", 394, 511, 184),
  line("PLACE", 336, 361, 217),
  line("PHOTO", 335, 361, 226),
  line("HERE", 338, 359, 235),
  line("Second Author Biography text here.", 312, 415, 441),
  line("Third Author Biography text here.", 312, 414, 616),
];

Deno.test("a left column's flush edge shows the gutter where the right column has no running text", () => {
  const gutter = findGutter([...TITLE, ...LEFT_COLUMN, ...RIGHT_COLUMN], 612);
  assert.ok(gutter, "a gutter");
  assert.ok(gutter.x > EDGE && gutter.x < 312, `gutter at ${gutter.x}`);
  assert.deepEqual([...gutter.spanning].sort(), [0, 1], "the title's rows cross it");
});

Deno.test("the two columns are read one after the other, and make no table", () => {
  const ordered = readingOrder([...RIGHT_COLUMN, ...LEFT_COLUMN, ...TITLE], 612);
  const text = (l: Line) => l.spans.map((s) => s.text).join("");
  assert.deepEqual(ordered.map(text), [...TITLE, ...LEFT_COLUMN, ...RIGHT_COLUMN].map(text));
  const md = markdown(pageOf(ordered));
  assert.ok(!md.includes("|"), md);
});

Deno.test("without lines flush at one edge, short lines beside the text cut no gutter", () => {
  // The same page with the left column's lines ragged: no edge, so no gutter from it.
  const ragged = LEFT_COLUMN.map((l, i) =>
    l.x1 === EDGE ? line(l.spans[0]!.text, l.x0, EDGE - 3 * i, l.y) : l
  );
  assert.equal(findGutter([...TITLE, ...ragged, ...RIGHT_COLUMN], 612), null);
});
