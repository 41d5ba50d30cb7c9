/**
 * A table whose every row opens with its number (AASTeX's list of nominal
 * units: `1.`, a command, its result, `=`, a description) is a table from its
 * first row: a number before several cells is a table's own, as it is further
 * down a table (`isApartItem`); a number before one piece of text opens a
 * list's item.
 */
import assert from "node:assert/strict";
import { detectTable } from "../../../lib/pdf/tables.ts";
import type { FontStyle, Line } from "../../../lib/pdf/types.ts";

const serif: FontStyle = { name: "CMR10", bold: false, italic: false, monospace: false };

/** A line of one span of `text`, from `x` on baseline `y`, at ten points. */
function piece(text: string, x: number, y: number): Line {
  const width = text.length * 5;
  return {
    spans: [{ text, x, y, width, size: 10, font: serif }],
    x0: x,
    x1: x + width,
    y,
    size: 10,
    page: 1,
  };
}

/** Rows at 20-point steps, each its cells at the columns' left edges. */
function rows(cells: readonly string[][], columns: readonly number[]): Line[] {
  return cells.flatMap((row, r) => row.map((text, c) => piece(text, columns[c]!, 346 + 20 * r)));
}

Deno.test("rows each opening with a number before several cells are a table from the first row", () => {
  const cells = [
    ["1.", "GM", "(GM)", "=", "nominal solar mass parameter"],
    ["2.", "R", "R", "=", "nominal solar radius"],
    ["3.", "S", "S", "=", "nominal total solar irradiance"],
  ];
  assert.deepEqual(detectTable(rows(cells, [113, 131, 193, 240, 258]), 0)?.rows, cells);
});

Deno.test("numbered items whose text stands apart from the number are no table", () => {
  const items = [["1.", "Install the package."], ["2.", "Run the tests."], ["3.", "Read the report."]];
  assert.equal(detectTable(rows(items, [113, 131]), 0), null);
});
