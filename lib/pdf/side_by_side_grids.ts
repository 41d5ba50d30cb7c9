/**
 * Two ruled tables side by side whose rules touch: on a page set in columns,
 * a table a little too wide for its column runs a few points over the gutter,
 * and its rules cross those of a table at the top of the next column. Rules
 * that meet are one table to `rulings.ts`; this parts such a group again where
 * every rule sits, but for a short overrun, on one side of an upright rule,
 * each side draws a grid of its own, and the two sides' rows do not line up
 * (one table's column edge has rows on both sides at the same heights).
 *
 * @module
 */
import type { Rule } from "./types.ts";
import { greatest, least } from "./extremes.ts";

/** Longest, in points, a rule may run past the edge between two tables and still be one table's. */
const MAX_OVERRUN = 12;
/** How far apart, in points, two row edges may be and still line up. */
const ALIGN = 2.5;

/** True when a rule runs across (is wider than tall). */
function across(r: Rule): boolean {
  return r.x1 - r.x0 > r.y1 - r.y0;
}

/**
 * The rules of a group on each side of the upright edge at `x`, or null when
 * a rule crosses it by much or none runs over it a little. A level rule goes
 * to the side most of it is on; an upright one to the side whose level rules
 * end at it where it meets them (a table's own right edge may stand past
 * `x`), else to the side it stands on.
 */
function sidesAt(group: readonly Rule[], x: number): [Rule[], Rule[]] | null {
  const left: Rule[] = [], right: Rule[] = [];
  let overruns = false;
  for (const r of group.filter(across)) {
    const intoLeft = x - r.x0, intoRight = r.x1 - x;
    if (Math.min(intoLeft, intoRight) > MAX_OVERRUN) return null;
    (intoLeft > intoRight ? left : right).push(r);
    overruns ||= Math.min(intoLeft, intoRight) > ALIGN;
  }
  if (!overruns) return null;
  const endsAt = (side: readonly Rule[], u: Rule) => {
    const ux = (u.x0 + u.x1) / 2;
    return side.some((r) =>
      Math.min(Math.abs(r.x0 - ux), Math.abs(r.x1 - ux)) <= ALIGN && r.y1 >= u.y0 - ALIGN &&
      r.y0 <= u.y1 + ALIGN
    );
  };
  for (const u of group.filter((r) => !across(r))) {
    const toLeft = endsAt(left, u), toRight = endsAt(right, u);
    const isLeft = toLeft !== toRight ? toLeft : (u.x0 + u.x1) / 2 < x - ALIGN;
    (isLeft ? left : right).push(u);
  }
  return [left, right];
}

/** True when a side holds at least three upright and three level rules' positions: a grid's least. */
function drawsGrid(rules: readonly Rule[]): boolean {
  const xs = new Set(rules.filter((r) => !across(r)).map((r) => Math.round((r.x0 + r.x1) / 2 / ALIGN)));
  const ys = new Set(rules.filter(across).map((r) => Math.round((r.y0 + r.y1) / 2 / ALIGN)));
  return xs.size >= 3 && ys.size >= 3;
}

/** True when a level rule of `side` stands where the `other` side has rows but no level rule near its height. */
function rowsDisagree(side: readonly Rule[], other: readonly Rule[]): boolean {
  const rows = other.filter(across).map((r) => (r.y0 + r.y1) / 2);
  const top = least(rows), bottom = greatest(rows);
  return side.filter(across).some((r) => {
    const y = (r.y0 + r.y1) / 2;
    return y > top + ALIGN && y < bottom - ALIGN && !rows.some((v) => Math.abs(v - y) <= ALIGN);
  });
}

/**
 * A left table's rule cut back to the edge at `x`: its cells end where the
 * next table's start, so text there is read as the next table's.
 */
function clipAt(r: Rule, x: number): Rule {
  if (across(r)) return { ...r, x1: Math.min(r.x1, x) };
  return r.x0 <= x ? r : { ...r, x0: x - (r.x1 - r.x0), x1: x };
}

/**
 * A group of rules that meet, parted into the tables it draws side by side
 * (see the module comment); the group alone when it is one table.
 */
export function splitSideBySide(group: readonly Rule[]): Rule[][] {
  // Upright rules' positions, one for each run of them closer than ALIGN.
  const mids = group.filter((r) => !across(r)).map((r) => (r.x0 + r.x1) / 2).sort((p, q) => p - q);
  const uprights = mids.filter((x, i) => i === 0 || x - mids[i - 1]! > ALIGN);
  for (const x of uprights) {
    const sides = sidesAt(group, x);
    if (!sides || !sides.every(drawsGrid)) continue;
    const [left, right] = sides;
    if (rowsDisagree(left, right) || rowsDisagree(right, left)) {
      const edge = least(right.filter((r) => !across(r)).map((r) => (r.x0 + r.x1) / 2));
      return [left.map((r) => clipAt(r, edge)), ...splitSideBySide(right)];
    }
  }
  return [[...group]];
}
