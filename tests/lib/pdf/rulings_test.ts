/**
 * Table grids from drawn rules: rules read from pdf.js path data, grids made
 * of the rules that meet, cells joined where a rule is missing, and text
 * labelled with its cell.
 */
import assert from "node:assert/strict";
import {
  connected,
  findGrids,
  labelGridCells,
  meet,
  pathRules,
  type Rule,
} from "../../../lib/pdf/rulings.ts";
import type { Span } from "../../../lib/pdf/types.ts";
import { seeded } from "../../_support/random_texts.ts";

const IDENTITY = [1, 0, 0, 1, 0, 0];
const MOVE = 0, LINE = 1, CLOSE = 4;

/** A 3×3 grid of 40×20 cells at (100, 100), ruled but for `missing` (as `"v:x:y"` or `"h:y:x"` mid points). */
function grid(missing: string[] = []): Rule[] {
  const rules: Rule[] = [];
  for (let r = 0; r <= 3; r++) {
    for (let c = 0; c < 3; c++) {
      if (!missing.includes(`h:${r}:${c}`)) {
        rules.push({ x0: 100 + c * 40, x1: 140 + c * 40, y0: 100 + r * 20 - 0.4, y1: 100 + r * 20 + 0.4 });
      }
    }
  }
  for (let c = 0; c <= 3; c++) {
    for (let r = 0; r < 3; r++) {
      if (!missing.includes(`v:${c}:${r}`)) {
        rules.push({ x0: 100 + c * 40 - 0.4, x1: 100 + c * 40 + 0.4, y0: 100 + r * 20, y1: 120 + r * 20 });
      }
    }
  }
  return rules;
}

/** A word at a point. */
function word(text: string, x: number, y: number): Span {
  return {
    text,
    x,
    y,
    width: text.length * 5,
    size: 8,
    font: { name: "", bold: false, italic: false, monospace: false },
  };
}

Deno.test("a thin filled box and a stroked path's straight segments are rules; a box and a curve are not", () => {
  const thin = [MOVE, 10, 10, LINE, 110, 10, LINE, 110, 11, LINE, 10, 11, CLOSE];
  assert.deepEqual(pathRules(thin, false, IDENTITY), [{ x0: 10, x1: 110, y0: 10, y1: 11 }]);
  const square = [MOVE, 10, 10, LINE, 50, 10, LINE, 50, 50, LINE, 10, 50, CLOSE];
  assert.deepEqual(pathRules(square, false, IDENTITY), []);
  // Stroked, the square's four sides are rules.
  assert.equal(pathRules(square, true, IDENTITY).length, 4);
  // Through a transform that flips the page.
  const [rule] = pathRules([MOVE, 0, 0, LINE, 0, 30], true, [1, 0, 0, -1, 0, 800]);
  assert.deepEqual(rule, { x0: 0, x1: 0, y0: 770, y1: 800 });
});

Deno.test("rules that meet make a grid; a missing rule joins two cells", () => {
  const [full] = findGrids(grid());
  assert.deepEqual(full!.xs, [100, 140, 180, 220]);
  assert.deepEqual(full!.ys, [100, 120, 140, 160]);
  assert.deepEqual(full!.owner, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  // No rule between the middle row's first two cells (a column span), none under the top right cell (a row span).
  const [spanned] = findGrids(grid(["v:1:1", "h:1:2"]));
  assert.deepEqual(spanned!.owner, [0, 1, 2, 3, 3, 2, 6, 7, 8]);
  // A frame with one rule across it is no table.
  assert.deepEqual(findGrids(grid(["v:1:0", "v:1:1", "v:1:2", "v:2:0", "v:2:1", "v:2:2"])), []);
});

Deno.test("text is labelled with its cell, and a run over a column edge is split there", () => {
  const grids = findGrids(grid(["v:1:1"]));
  const spans = [
    word("head", 105, 115),
    word("a b", 145, 115),
    word("wide cell", 105, 135),
    word("left right", 105, 155),
  ];
  // "left right" runs from the first cell over the edge at 140 into the second.
  spans[3]!.width = 60;
  const ids = { next: 0 };
  const out = labelGridCells(spans, grids, ids);
  const cells = out.map((s) => [s.text, s.tag?.cell?.row, s.tag?.cell?.column]);
  assert.deepEqual(cells, [["head", 0, 0], ["a b", 0, 1], ["wide cell", 1, 0], ["left", 2, 0], [
    "right",
    2,
    1,
  ]]);
  assert.ok(out[0]!.tag!.cell!.header && !out[2]!.tag!.cell!.header);
  // Text outside every grid, or a grid with text in one column, is left alone.
  assert.equal(labelGridCells([word("outside", 300, 300)], grids, ids)[0]!.tag, undefined);
});

Deno.test("lines running out of a grid or into it from the next column are none of its cells", () => {
  const grids = findGrids(grid());
  const spans = [word("head", 105, 115), word("a", 145, 115), word("b", 185, 115), word("c", 105, 135)];
  spans.push(word("d", 145, 135), word("e", 185, 135));
  // The next column's line under a table drawn too wide: it starts well inside the last cell, ends past the grid.
  const over = [word("running", 214, 155), word("text", 254, 155)];
  // A numbered item's marker there, its text at that column's edge.
  over.push(word("3.", 202, 135), word("item's text", 214, 135));
  // A row of code from the column left of the grid, its last piece past the grid's left rule.
  const into = [word("domain, nonce }, { config", 0, 135), word("})", 98, 135)];
  into[0]!.width = 93;
  const out = labelGridCells([...spans, ...over, ...into], grids, { next: 0 });
  assert.ok(out.slice(0, 6).every((s) => s.tag?.cell), "the table's own text");
  assert.deepEqual(out.slice(6).filter((s) => s.tag).map((s) => s.text), []);
});

Deno.test("rules that meet are grouped as a search of every pair groups them, in the same order", () => {
  const random = seeded(7);
  for (let trial = 0; trial < 40; trial++) {
    const rules = Array.from({ length: 5 + Math.floor(random() * 120) }, (): Rule => {
      const x = random() * 300, y = random() * 300, long = random() * 60;
      return random() < 0.5
        ? { x0: x, x1: x + long, y0: y, y1: y + 0.5 }
        : { x0: x, x1: x + 0.5, y0: y, y1: y + long };
    });
    // Reference: a group is the rules reachable from its first by rules that meet, groups by their first rule.
    const seen = new Set<number>(), expected: Rule[][] = [];
    rules.forEach((_, i) => {
      if (seen.has(i)) return;
      const group = new Set([i]), stack = [i];
      while (stack.length) {
        const k = stack.pop()!;
        rules.forEach((r, j) => {
          if (!group.has(j) && meet(rules[k]!, r)) (group.add(j), stack.push(j));
        });
      }
      for (const j of group) seen.add(j);
      expected.push([...group].sort((a, b) => a - b).map((j) => rules[j]!));
    });
    assert.deepEqual(connected(rules), expected);
  }
});
