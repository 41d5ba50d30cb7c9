/**
 * Listings on pages of two columns: a benchmark listing whose wrapped rows
 * are drawn in pieces (its tail a couple of character cells after the rest,
 * near the column's edge) keeps its rows in its own column when the gutter
 * is sought, a listing runs on atop the next column though that column's
 * foot sets a lone figure left of its first row, and a page whose own lines
 * show no gutter (a listing running on into the right column in rows too
 * short to count as running text) is read in the columns the document's
 * other pages show, its columns' last lines in the foot band kept. The first
 * two with laid-out lines, the last with a committed WeasyPrint fixture
 * (`bench/pdf/make_layout_fixtures.ts`), converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { continuesInNextColumn } from "../../../lib/pdf/code_lines.ts";
import { findGutter } from "../../../lib/pdf/layout.ts";
import type { Line } from "../../../lib/pdf/types.ts";
import { codeLine, line } from "../../_support/laid_out_page.ts";

/** Code size and the distance between a listing's baselines. */
const CODE = 8.5, STEP = 11.9;
/** The left column's edge, the right column's, and a character cell of code. */
const LEFT = 126.6, RIGHT_COLUMN = 305.6, CELL = CODE * 0.6;

/** A row of code at character cell `cell` of the left column. */
function code(text: string, cell: number, y: number): Line {
  return codeLine(text, LEFT + cell * CELL, y, CODE);
}

/**
 * A page like a benchmark's in a column 33 cells wide: each result wraps into
 * a name, a row whose tolerance sign `'±` is drawn two cells after the rest,
 * and the figures; ragged prose above it, prose down the right column.
 */
function benchmarkPage(): Line[] {
  const lines: Line[] = [
    line("Using the benchmark script", LEFT, 252, 100),
    line("against a server (50", LEFT, 244, 113),
    line("connections, pipelining depth 10,", LEFT, 287.6, 126),
    line("Node 24). The figures are", LEFT, 240, 139),
    line("requests served a second:", LEFT, 236, 152),
  ];
  for (let k = 0; k < 10; k++) {
    const y = 170 + k * 4 * STEP;
    lines.push(code(`'parser - ${k}'`, 2, y));
    lines.push(
      code("25", 0, y + STEP),
      code(`'${7000 + k}.04 req/sec'`, 9, y + STEP),
      code("'±", 28, y + STEP),
    );
    lines.push(code("2.77 %'  '+ 416.71", 0, y + 2 * STEP), code("%'", 0, y + 3 * STEP));
  }
  for (let y = 104; y < 170 + 40 * STEP; y += 13.3) {
    lines.push(line("prose of the right column", RIGHT_COLUMN, 455, y));
  }
  return lines.sort((a, b) => a.y - b.y || a.x0 - b.x0);
}

Deno.test("a benchmark row's tail drawn apart keeps the gutter between the columns, not inside the row", () => {
  const gutter = findGutter(benchmarkPage());
  assert.ok(gutter, "the page shows two columns");
  // Between the left column's widest line and the right column, not between a row and its `'±`.
  assert.ok(gutter.x >= 287.6 && gutter.x <= RIGHT_COLUMN, `gutter at ${gutter.x}`);
});

Deno.test("a listing goes on atop the next column over a lone figure that column's foot sets left of its first row", () => {
  const left = [0, 1, 2, 3].map((k) =>
    code(k % 2 ? "65       '5809.63 req/sec'" : "  'request'", 0, 700 + k * STEP)
  );
  const right = (text: string, cell: number, y: number) =>
    codeLine(text, RIGHT_COLUMN + cell * CELL, y, CODE);
  const first = right("'http - no keepalive'", 2, 104);
  const lines = [
    ...left,
    first,
    right("35       '5910.77 req/sec'", 0, 104 + STEP),
    right("15", 0, 700 + 4 * STEP),
  ];
  // The lone `15` is the right column's last row, below the left column's foot: the listing still runs on.
  assert.ok(continuesInNextColumn(left.at(-1)!, first, lines));
  // A row of the left column below the line the listing is said to end at: it does not end there.
  assert.ok(!continuesInNextColumn(left.at(-2)!, first, lines));
});

Deno.test("a last page whose listing runs on into the right column is read in the document's columns", async () => {
  const bytes = await Deno.readFile(
    new URL("./fixtures/layout/listing_columns.weasyprint.pdf", import.meta.url),
  );
  const { markdown } = await convertPdf(bytes);
  // Its right column holds two rows long enough to count as running text: too few for a gutter of its own.
  assert.ok(
    markdown.includes(
      'Open a reader and take its records one at a time:\n\n```\nimport { open } from "reader";',
    ),
    markdown,
  );
  assert.ok(markdown.includes('const reader =\nopen("records.csv");\nlet n = 0;'), markdown);
  assert.ok(markdown.includes("log(n);\nclose(reader);\n```\n\n# Writing\n\nNot yet."), markdown);
  // No row of either column is read beside a row of the other.
  assert.ok(!markdown.includes("|"), markdown);
  // The benchmark listing on the first page stays whole beside the prose of the right column.
  assert.ok(markdown.includes("  'parser - buffered'\n60       '"), markdown);
  // A column's last line, in the foot band at the height where a like line ends another page, stays the text's.
  const html = await Deno.readTextFile(new URL("./fixtures/layout/listing_columns.html", import.meta.url));
  const sentence = "When a read is abandoned the";
  assert.equal(markdown.split(sentence).length, html.split(sentence).length, markdown);
});
