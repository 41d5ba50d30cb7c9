/**
 * Ruled tables whose columns are narrower than their text: the
 * `overrun_cells` layout fixture, rendered by AbiWord
 * (`bench/pdf/make_layout_fixtures.ts`), converted with real pdf.js, and
 * `overrun_cells.ts` on runs made up here.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { joinCollinear } from "../../../lib/pdf/collinear_rules.ts";
import { cellPoint, overrunPieces, runStarts } from "../../../lib/pdf/overrun_cells.ts";
import type { Span } from "../../../lib/pdf/types.ts";

/** Each Markdown table's rows, as their cells' texts. */
function tables(text: string): string[][][] {
  return text.split(/\n{2,}/).filter((block) => block.startsWith("|")).map((block) =>
    block.split("\n").filter((l) => !/^\|[\s|-]+\|$/.test(l)).map((l) =>
      l.slice(1, -1).split(" | ").map((c) => c.trim())
    )
  );
}

Deno.test("abiword: cells narrower than a letter are read by where each cell's text starts, empty columns left out", async () => {
  const url = new URL("./fixtures/layout/overrun_cells.abiword.pdf", import.meta.url);
  const { markdown } = await convertPdf(await Deno.readFile(url));
  const [letters, settings, steps] = tables(markdown);
  // Seven columns 5–6 pt wide: pdf.js joins a row's letters into one run, each letter at its own rule.
  const letter = (r: number, c: number) => String.fromCharCode(97 + r + c);
  assert.deepEqual(letters, [
    ["A", "B", "C", "D", "E", "F", "G"],
    ...Array.from({ length: 6 }, (_, r) => Array.from({ length: 7 }, (_, c) => letter(r, c))),
  ], markdown);
  // Four columns 3–4 pt wide over a staircase of empty ones: each cell's text runs on over the next cells'
  // (AbiWord leaves the other rows out of the file).
  assert.deepEqual(
    settings,
    [["Name", "Kind", "Scope", "Since"], ["read buffer", "bytes", "server", "1.13"]],
    markdown,
  );
  // Columns 10 pt wide set a cell one letter a line, the spaces between its words lost at the lines' ends
  // (`letter_stacks.ts`): read as the prose's words its letters spell.
  assert.deepEqual(steps?.slice(-2), [
    ["five", "next", "reads the last value", "each step"],
    ["six", "last", "keeps it until", "the next run"],
  ], markdown);
});

const FONT = {
  name: "Serif",
  bold: false,
  italic: false,
  monospace: false,
  advances: { a: 0.5, b: 0.5, " ": 0.25 },
};

/** A run of `text` at `x` on the baseline 20, 10 pt, `width` wide. */
function run(text: string, x: number, width: number): Span {
  return { text, x, y: 20, width, size: 10, font: FONT };
}

/** A grid of columns 3 pt wide from 10 pt on, one row from 0 to 40. */
const NARROW = { xs: Array.from({ length: 12 }, (_, i) => 10 + 3 * i), ys: [0, 40] };

Deno.test("a run set at its letters' widths over the next cells is its first cell's whole", () => {
  const span = run("ab ab", 11, 22.5);
  assert.deepEqual(overrunPieces(span, [NARROW]), [span]);
  // Its first letter's middle stands two columns on; its start is in its own.
  assert.equal(cellPoint(span, NARROW.xs), 11.25);
});

Deno.test("a run drawn narrower than its letters, one a column, is cut into its letters at their rules", () => {
  const pieces = overrunPieces(run("abab", 11, 14), [NARROW]);
  assert.deepEqual(pieces?.map((p) => [p.text, p.x]), [["a", 11], ["b", 14], ["a", 17], ["b", 20]]);
});

Deno.test("letters that fit one a column are one cell's where another run starts where a letter would", () => {
  const span = run("abab", 11, 14), next = run("ab", 14, 10);
  const starts = runStarts([span, next]);
  assert.deepEqual(overrunPieces(span, [NARROW], starts), undefined);
  assert.equal(overrunPieces(span, [NARROW], runStarts([span]))?.length, 4);
});

Deno.test("two cells' words a space apart, the first ending at its rule, are left to the split at the rule", () => {
  const wide = { xs: [10, 25, 40, 55], ys: [0, 40] };
  assert.equal(overrunPieces(run("ab ab", 11, 22.5), [wide]), undefined);
});

Deno.test("a table's rules drawn a side of a cell at a time join into the lines they draw", () => {
  const sides = [0, 3, 6, 9].flatMap((x) => [
    { x0: x, x1: x + 3, y0: 10, y1: 10 },
    { x0: x, x1: x + 3, y0: 10, y1: 10 },
    { x0: x, x1: x, y0: 10, y1: 30 },
  ]);
  assert.deepEqual(joinCollinear(sides), [
    { x0: 0, x1: 12, y0: 10, y1: 10 },
    ...[0, 3, 6, 9].map((x) => ({ x0: x, x1: x, y0: 10, y1: 30 })),
  ]);
});
