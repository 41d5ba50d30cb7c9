import assert from "node:assert/strict";
import { enoughOfItsLook } from "../../../lib/pdf/hanging_entries.ts";
import type { RowPiece } from "../../../lib/pdf/hanging_pieces.ts";
import { alike, type Run } from "../../../lib/pdf/hanging_runs.ts";
import { seeded } from "../../_support/random_texts.ts";

/** The count as first written: every candidate of its look on the three pages, entries and wraps summed. */
function enoughByFilter(run: Run, near: readonly (readonly Run[] | undefined)[]): boolean {
  const kin = near.flatMap((candidates) => candidates?.filter((c) => alike(c, run)) ?? []);
  const entries = kin.reduce((n, c) => n + c.entries.size, 0);
  return entries >= 3 && kin.reduce((n, c) => n + c.pieces.length, 0) - entries >= 2;
}

/** A run of `length` pieces, the first and some others entries. */
function randomRun(random: () => number): Run {
  const pieces = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({}) as RowPiece);
  const entries = new Set(pieces.filter((_, i) => i === 0 || random() < 0.4));
  return {
    pieces,
    entries,
    hang: [9, 10, 18][Math.floor(random() * 3)]!,
    size: [9, 9.3, 10][Math.floor(random() * 3)]!,
  };
}

Deno.test("enoughOfItsLook: stopping at the least counts answers as summing every candidate did", () => {
  let yes = 0, no = 0;
  for (let seed = 1; seed <= 400; seed++) {
    const random = seeded(seed);
    const near = [0, 1, 2].map(() =>
      random() < 0.15 ? undefined : Array.from({ length: Math.floor(random() * 6) }, () => randomRun(random))
    );
    for (const run of near.flatMap((c) => c ?? [])) {
      const expected = enoughByFilter(run, near);
      assert.equal(enoughOfItsLook(run, near), expected, `seed ${seed}`);
      expected ? yes++ : no++;
    }
  }
  // Both answers were met, so the comparison says something of each.
  assert.ok(yes > 50 && no > 50, `${yes} yes, ${no} no`);
});
