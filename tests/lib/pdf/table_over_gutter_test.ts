/**
 * A ruled table a little too wide for the left column of a two-column page:
 * its rules run a few points into the right column, over those of a table
 * there, and its cells' lines over the gutter. The two tables stay apart, and
 * the page is still read column by column.
 */
import assert from "node:assert/strict";
import { findGrids, labelGridCells, type Rule } from "../../../lib/pdf/rulings.ts";
import { readingOrder } from "../../../lib/pdf/layout.ts";
import { plainLineText } from "../../../lib/pdf/inline.ts";
import type { Line, Span } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, RIGHT } from "../../_support/laid_out_page.ts";

/** Each cell's four sides, as a producer draws a table, for cells between the edges given. */
function ruledCells(xs: number[], ys: number[]): Rule[] {
  const rules: Rule[] = [];
  for (let r = 0; r + 1 < ys.length; r++) {
    for (let c = 0; c + 1 < xs.length; c++) {
      const [x0, x1, y0, y1] = [xs[c]!, xs[c + 1]!, ys[r]!, ys[r + 1]!];
      rules.push({ x0, x1, y0: y0 - 0.2, y1: y0 + 0.2 }, { x0, x1, y0: y1 - 0.2, y1: y1 + 0.2 });
      rules.push({ x0: x0 - 0.2, x1: x0 + 0.2, y0, y1 }, { x0: x1 - 0.2, x1: x1 + 0.2, y0, y1 });
    }
  }
  return rules;
}

/** A word at a point, 5 points a character. */
function word(text: string, x: number, y: number): Span {
  const font = { name: "Serif", bold: false, italic: false, monospace: false };
  return { text, x, y, width: text.length * 5, size: 8, font };
}

Deno.test("two tables side by side whose rules overlap by a few points are two grids, parted at the right one's edge", () => {
  // The left table ends at 262, 7 points past the right one's left edge at 255; their rows differ.
  const left = ruledCells([100, 180, 262], [100, 130, 170, 200, 240]);
  const right = ruledCells([255, 330, 400], [100, 150, 185]);
  const grids = findGrids([...left, ...right]);
  assert.equal(grids.length, 2);
  const [a, b] = [...grids].sort((p, q) => p.xs[0]! - q.xs[0]!);
  assert.deepEqual(a!.ys.map(Math.round), [100, 130, 170, 200, 240]);
  assert.equal(Math.round(a!.xs.at(-1)!), 255);
  assert.deepEqual(b!.xs.map(Math.round), [255, 330, 400]);
  // Text at the right table's edge, inside the left table's overrun, is the right table's.
  const words = [
    word("name", 105, 120),
    word("cell", 185, 160),
    word("returns", 258, 120),
    word("a string", 335, 170),
  ];
  const tables = labelGridCells(words, grids, { next: 0 }).map((s) => s.tag?.cell?.table);
  assert.equal(tables[0], tables[1]);
  assert.equal(tables[2], tables[3]);
  assert.notEqual(tables[2], tables[0]);
  assert.notEqual(tables[2], undefined);
});

Deno.test("one table's rows lined up on both sides of a column edge stay one grid", () => {
  // Full-width rules across the page's columns, with a short overrun of one cell's rules: rows agree.
  const rules = ruledCells([100, 180, 262], [100, 130, 170]);
  rules.push(...ruledCells([255, 330, 400], [100, 130, 170]));
  assert.equal(findGrids(rules).length, 1);
});

/** A line of a table's cell, tagged as ruled tables' cells are. */
function cellLine(text: string, x0: number, x1: number, y: number, row: number, column: number): Line {
  const l = line(text, x0, x1, y);
  const tag = { block: 100 + row * 2 + column, cell: { table: 1, row, column, header: row === 0 } };
  return { ...l, spans: l.spans.map((s) => ({ ...s, tag })) };
}

Deno.test("a table's cells running a few points over the gutter are read with their column", () => {
  const lines: Line[] = [];
  for (let k = 0; k < 10; k++) {
    const y = 100 + k * LEADING;
    lines.push(cellLine(`name ${k}`, LEFT, 130, y, k, 0));
    // Every third row's text runs 3 points past where the right column starts.
    lines.push(cellLine(`what the option ${k} does`, 150, k % 3 === 0 ? 313 : 280, y, k, 1));
    lines.push(line(`right column prose, line ${k + 1}, running on`, 310, RIGHT - (k % 3) * 12, y));
  }
  const ordered = readingOrder(lines).map((l) => plainLineText(l));
  const firstRight = ordered.indexOf("right column prose, line 1, running on");
  assert.equal(firstRight, 20, ordered.join("\n"));
  assert.equal(ordered[19], "what the option 9 does");
});
