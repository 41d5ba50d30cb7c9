import assert from "node:assert/strict";
import { columns, HANG_EMS } from "../../../lib/pdf/hanging_runs.ts";
import type { RowPiece } from "../../../lib/pdf/hanging_pieces.ts";
import { seeded } from "../../_support/random_texts.ts";

/** The pieces by column as first written: a filter of every piece for each column's edge. */
function columnsByFilter(all: readonly RowPiece[]): RowPiece[][] {
  const edges: number[] = [];
  for (const x of all.map((p) => p.x0).sort((a, b) => a - b)) {
    if (edges.length === 0 || x > edges.at(-1)! + HANG_EMS[1] * all[0]!.size) edges.push(x);
  }
  return edges.map((edge, i) =>
    all.filter((p) => p.x0 >= edge - 0.01 && (i + 1 === edges.length || p.x0 < edges[i + 1]! - 0.01))
  );
}

Deno.test("columns: a binary search per piece puts every piece where a filter per edge did", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const random = seeded(seed);
    const size = [0, 0.001, 1, 9, 12][Math.floor(random() * 5)]!;
    // Left edges on a coarse grid and jittered near it, so edges fall within 0.01 of one another too.
    const pieces = Array.from({ length: Math.floor(random() * 60) + 1 }, (_, at) =>
      ({
        lines: [],
        x0: Math.floor(random() * 12) * 7 + (random() < 0.5 ? random() * 0.03 : 0),
        y: at,
        size,
        at,
        cells: false,
      }) as unknown as RowPiece);
    assert.deepEqual(columns(pieces), columnsByFilter(pieces), `seed ${seed}`);
  }
});
