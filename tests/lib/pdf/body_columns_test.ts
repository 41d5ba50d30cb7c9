import assert from "node:assert/strict";
import { bodyColumns } from "../../../lib/pdf/quotes.ts";
import type { PageText } from "../../../lib/pdf/types.ts";
import { line, RIGHT, SIZE } from "../../_support/laid_out_page.ts";

/** The body's margin, and the edge list items' markers stand at, set in from it. */
const MARGIN = 57, ITEMS = 71;

/** A page of `lines` rows, each `[x0, x1]`, one line step apart. */
function pageWith(page: number, rows: Array<[number, number]>): PageText {
  const lines = rows.map(([x0, x1], i) => ({
    ...line(`Line ${i} of page ${page}`, x0, x1, 100 + i * 14),
    page,
  }));
  return { page, width: 595, height: 842, lines };
}

Deno.test("a document's margin is the prose's edge though list pages outweigh it, not the items' edge", () => {
  // Page 1: a heading at the margin, a quote set in from it, then a long list; pages 2 and 3: prose at
  // the margin, fewer lines than the list. The list's edge is the most lines' but the prose's stands left.
  const pages = [
    pageWith(1, [
      [MARGIN, 200],
      [MARGIN + 20, 400],
      ...Array.from({ length: 19 }, (): [number, number] => [ITEMS, 300]),
    ]),
    pageWith(2, Array.from({ length: 5 }, (): [number, number] => [MARGIN, RIGHT])),
    pageWith(3, Array.from({ length: 12 }, (): [number, number] => [MARGIN, RIGHT])),
  ];
  const columns = bodyColumns(pages, SIZE);
  for (const page of [1, 2, 3]) assert.equal(columns.get(page)?.left, MARGIN, `page ${page}`);
});

Deno.test("an edge left of the heaviest one that few lines share is not the margin", () => {
  // Two lines of a page start at a label's edge left of the prose: too few to be the margin.
  const pages = [
    pageWith(1, [[30, 60], [30, 60], ...Array.from({ length: 20 }, (): [number, number] => [MARGIN, RIGHT])]),
    pageWith(2, Array.from({ length: 20 }, (): [number, number] => [MARGIN, RIGHT])),
    pageWith(3, Array.from({ length: 20 }, (): [number, number] => [MARGIN, RIGHT])),
  ];
  assert.equal(bodyColumns(pages, SIZE).get(2)?.left, MARGIN);
});
