import assert from "node:assert/strict";
import { splitAtAnchors } from "../../../lib/pdf/cell_anchors.ts";
import type { Line } from "../../../lib/pdf/types.ts";

/** A one-span line from `x0` to `x1` whose edges count how often they are read. */
function countedLine(text: string, x0: number, x1: number, reads: { count: number }): Line {
  const span = { text, x: x0, width: x1 - x0 };
  return {
    spans: [span],
    get x0() {
      reads.count++;
      return x0;
    },
    get x1() {
      reads.count++;
      return x1;
    },
  } as unknown as Line;
}

Deno.test("splitAtAnchors() reads each cell's edges a bounded number of times, not once per other cell", () => {
  // Every row: cells at two shared column edges, and one wide cell from an edge of its own reaching over
  // both, in a word with no space to split at. Each wide cell asks which cells start at the column it
  // covers; scanning every cell for that read the table's edges once per wide cell (the square of its rows).
  const reads = { count: 0 };
  const rowCount = 400;
  const rows = Array.from({ length: rowCount }, (_, r) => [
    [countedLine("a", 100, 110, reads)],
    [countedLine("b", 200, 210, reads)],
    [countedLine("w".repeat(40), -3000 + r * 5, 260, reads)],
  ]);
  splitAtAnchors(rows);
  const cells = rowCount * 3;
  assert.ok(reads.count < cells * 20, `${reads.count} reads of ${cells} cells' edges`);
  assert.deepEqual(rows.map((row) => row.length), rows.map(() => 3));
});
