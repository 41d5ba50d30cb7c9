/**
 * A gutter shown by the left column's flush right edge: on a paper's first
 * page the right column may hold only short lines (a biography's name, the
 * words in a photo's frame) and no running text to show a gutter by, while
 * the left column's justified lines all end at one x near the page's middle.
 * Read as one column, the two columns' rows interleave and look like a table
 * of three columns.
 *
 * The edge stands where at least {@linkcode MIN_FLUSH} lines of the left
 * column's width (a good share of the text's) end within half a point of one
 * another, in the middle of the text; the right column is every line wholly
 * right of it by half an em or more, at least {@linkcode MIN_RIGHT} of them; few lines cross it (titles, a full-width abstract),
 * and no ruled or tagged table's cells stand on both sides of it.
 *
 * @module
 */
import { whollyMonospace } from "./fonts.ts";
import type { Line } from "./types.ts";
import { least } from "./extremes.ts";

/** Fewest lines ending at one x that make a column's flush right edge. */
const MIN_FLUSH = 3;
/** Fewest lines wholly right of the edge that make the right column. */
const MIN_RIGHT = 2;
/** Least width of a flush line, as a share of the text's width: a column's, not a table cell's. */
const FLUSH_WIDTH = 0.4;
/** Most lines crossing the gutter, as a share of the page's. */
const MAX_CROSSING = 0.25;

/** The gutter a column's flush edge shows (see the module comment), or null. */
export function flushEdgeGutter(
  lines: readonly Line[],
  left: number,
  width: number,
): { x: number; spanning: Set<number> } | null {
  const ends = new Map<number, number>();
  for (const l of lines) {
    if (whollyMonospace(l) || l.x1 - l.x0 < width * FLUSH_WIDTH) continue;
    if (l.x1 < left + width * 0.3 || l.x1 > left + width * 0.7) continue;
    const key = Math.round(l.x1 * 2) / 2;
    ends.set(key, (ends.get(key) ?? 0) + 1);
  }
  let edge: number | undefined, most = MIN_FLUSH - 1;
  for (const [x, n] of ends) if (n > most) [edge, most] = [x, n];
  if (edge === undefined) return null;
  // A line starting closer than half an em past the edge (an ornament centred on the page) crosses it.
  const right = lines.filter((l) => l.x0 >= edge + l.size * 0.5);
  if (right.length < MIN_RIGHT) return null;
  const x = (edge + 0.5 + least(right.map((l) => l.x0))) / 2;
  const spanning = new Set<number>();
  const leftTables = new Set<number>(), rightTables = new Set<number>();
  lines.forEach((l, i) => {
    const table = l.spans[0]?.tag?.cell?.table;
    if (l.x1 <= x + 0.5) {
      if (table !== undefined) leftTables.add(table);
    } else if (l.x0 >= x - 0.5) {
      if (table !== undefined) rightTables.add(table);
    } else spanning.add(i);
  });
  if (spanning.size > lines.length * MAX_CROSSING) return null;
  if ([...leftTables].some((t) => rightTables.has(t))) return null;
  return { x, spanning };
}
