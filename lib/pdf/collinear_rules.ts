/**
 * A ruled table's rules as the lines they draw. A producer that strokes each
 * side of each cell on its own (and may stroke it twice, in white and then in
 * black) draws every rule of the grid as many touching pieces: a table of a
 * few rows and a staircase of some hundred empty columns is ten thousand
 * pieces, past the count at which a page is taken for a drawing, and each
 * piece is looked at again for every cell. Pieces on one line that touch or
 * overlap are one rule; joined, the same grid has as many rules as it has
 * lines.
 *
 * @module
 */
import type { Rule } from "./types.ts";

/** How far apart, in points, two pieces' lines may be and be one line, and their ends and touch. */
const SAME_LINE = 0.5;

/** True when a rule runs across (is wider than tall). */
function across(r: Rule): boolean {
  return r.x1 - r.x0 > r.y1 - r.y0;
}

/** Rules of one direction joined where they lie on one line and touch; `level` tells the direction. */
function joinLevel(rules: readonly Rule[], level: boolean): Rule[] {
  // Position across the line, and start and end along it.
  const at = (r: Rule) => level ? (r.y0 + r.y1) / 2 : (r.x0 + r.x1) / 2;
  const start = (r: Rule) => level ? r.x0 : r.y0, end = (r: Rule) => level ? r.x1 : r.y1;
  const sorted = [...rules].sort((p, q) => at(p) - at(q) || start(p) - start(q));
  const out: Rule[] = [];
  let line: Rule[] = [];
  const flush = () => {
    line.sort((p, q) => start(p) - start(q));
    let open: Rule | null = null;
    for (const r of line) {
      if (open && start(r) <= end(open) + SAME_LINE && Math.abs(at(r) - at(open)) <= SAME_LINE) {
        open = level
          ? {
            x0: open.x0,
            x1: Math.max(open.x1, r.x1),
            y0: Math.min(open.y0, r.y0),
            y1: Math.max(open.y1, r.y1),
          }
          : {
            x0: Math.min(open.x0, r.x0),
            x1: Math.max(open.x1, r.x1),
            y0: open.y0,
            y1: Math.max(open.y1, r.y1),
          };
      } else {
        if (open) out.push(open);
        open = { ...r };
      }
    }
    if (open) out.push(open);
    line = [];
  };
  for (const r of sorted) {
    if (line.length && at(r) - at(line[0]!) > SAME_LINE) flush();
    line.push(r);
  }
  flush();
  return out;
}

/**
 * The rules with pieces lying on one line and touching (or overlapping, or
 * drawn twice) joined into one rule each.
 *
 * @example
 * ```ts
 * joinCollinear([{ x0: 0, x1: 4, y0: 10, y1: 10 }, { x0: 4, x1: 8, y0: 10, y1: 10 }]);
 * // [{ x0: 0, x1: 8, y0: 10, y1: 10 }]
 * ```
 */
export function joinCollinear(rules: readonly Rule[]): Rule[] {
  return [...joinLevel(rules.filter(across), true), ...joinLevel(rules.filter((r) => !across(r)), false)];
}
