/**
 * Which column of a two-column page a line belongs to, given the gutter's
 * position: a table set a little too wide for its column runs a few points
 * over the gutter into the next one, and its cells are still that column's
 * (else each of them would cut the page into bands, and the two columns'
 * rows would be read interleaved).
 *
 * @module
 */
import type { Line } from "./types.ts";

/** Farthest, in its ems, a table cell's line may run over the gutter and still belong to its column. */
const CELL_OVERRUN_EM = 1;

/**
 * The column a line belongs to with the gutter at `x`: the side it stands
 * on; for a ruled or tagged table's cell that runs over the gutter by an em
 * at most (a table set a little too wide for its column reaches a few points
 * into the next one), the side it mostly sits in. Null when it crosses.
 */
export function sideOfGutter(line: Line, x: number): "left" | "right" | null {
  if (line.x1 <= x + 0.5) return "left";
  if (line.x0 >= x - 0.5) return "right";
  if (line.spans[0]?.tag?.cell === undefined) return null;
  const overrun = line.size * CELL_OVERRUN_EM, intoRight = line.x1 - x, intoLeft = x - line.x0;
  if (intoRight <= overrun && intoLeft > intoRight) return "left";
  if (intoLeft <= overrun && intoRight > intoLeft) return "right";
  return null;
}

/**
 * The tables of a two-column page (gutter at `x`) that stand in its left
 * column: every cell line on a side of the gutter is left of it, and at
 * least one is. A row of such a table running far over the gutter (a token
 * no engine may break widens its cell) is the left column's still, and cuts
 * no band across the page.
 */
export function leftColumnTables(lines: readonly Line[], x: number): Set<number> {
  const left = new Set<number>(), right = new Set<number>();
  for (const line of lines) {
    const table = line.spans[0]?.tag?.cell?.table;
    if (table === undefined) continue;
    const side = sideOfGutter(line, x);
    if (side === "left") left.add(table);
    else if (side === "right") right.add(table);
  }
  return new Set([...left].filter((t) => !right.has(t)));
}
