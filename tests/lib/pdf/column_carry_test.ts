/**
 * A page too short for the gutter search, in a document whose other pages
 * are set in two columns, is read column by column at their gutter.
 */
import assert from "node:assert/strict";
import { carryColumns } from "../../../lib/pdf/column_carry.ts";
import { plainLineText } from "../../../lib/pdf/inline.ts";
import { readingOrder } from "../../../lib/pdf/layout.ts";
import type { Line, PageText } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, RIGHT } from "../../_support/laid_out_page.ts";

/** Where the right column starts: the gutter lies just left of it. */
const RIGHT_COLUMN = 310;

/** A page of `n` in two full columns of twelve lines each, read in order. */
function fullPage(n: number): PageText {
  const lines: Line[] = [];
  for (let k = 0; k < 12; k++) {
    lines.push({
      ...line(`left column text, line ${k + 1}, running on`, LEFT, 290, 100 + k * LEADING),
      page: n,
    });
    lines.push({
      ...line(`right column text, line ${k + 1}, running`, RIGHT_COLUMN, RIGHT, 100 + k * LEADING),
      page: n,
    });
  }
  return { page: n, width: 595, height: 842, lines: readingOrder(lines) };
}

/** The last page: a heading and a paragraph in the left column, the paragraph after it in the right. */
function lastPage(n: number): PageText {
  const lines = [
    line(".suffixText get/set", LEFT, 160, 100.5),
    line("Change the text after the spinner", LEFT, 270, 100.5 + 2 * LEADING),
    line("text.", LEFT, 100, 100.5 + 3 * LEADING),
    // Set a point higher than the heading: read in rows, it came right after it.
    line("No suffix text will be displayed if", RIGHT_COLUMN, 480, 99.5),
    line("set to an empty string.", RIGHT_COLUMN, 420, 99.5 + LEADING),
  ].map((l) => ({ ...l, page: n }));
  return { page: n, width: 595, height: 842, lines: readingOrder(lines) };
}

const texts = (page: PageText) => page.lines.map((l) => plainLineText(l));

Deno.test("a short last page is read in the columns the document's other pages show", () => {
  const short = lastPage(3);
  assert.equal(texts(short)[1], "No suffix text will be displayed if", "read in rows on its own");
  const pages = carryColumns([fullPage(1), fullPage(2), short]);
  assert.deepEqual(texts(pages[2]!), [
    ".suffixText get/set",
    "Change the text after the spinner",
    "text.",
    "No suffix text will be displayed if",
    "set to an empty string.",
  ]);
  assert.deepEqual(pages[0], fullPage(1), "a page that shows its own columns is left as it is");
});

Deno.test("in a document set in one column, or on a short page a line crosses the gutter, rows stay", () => {
  const oneColumn = (n: number): PageText => ({
    page: n,
    width: 595,
    height: 842,
    lines: Array.from(
      { length: 20 },
      (_, k) => ({ ...line("A line of one column.", LEFT, RIGHT, 100 + k * LEADING), page: n }),
    ),
  });
  assert.deepEqual(texts(carryColumns([oneColumn(1), oneColumn(2), lastPage(3)])[2]!), texts(lastPage(3)));
  const crossed = lastPage(3);
  crossed.lines.push({ ...line("The end, across the page.", LEFT, RIGHT, 200), page: 3 });
  assert.deepEqual(texts(carryColumns([fullPage(1), fullPage(2), crossed])[2]!), texts(crossed));
});
