/**
 * Ruled tables: the lines a producer draws around and between cells make the
 * table's grid. Drawn rules are read from the page's painted paths (thin
 * filled boxes, stroked straight segments); rules that meet form a grid whose
 * column edges are its vertical rules and whose row edges are its horizontal
 * ones. A rule missing between two neighbouring cells of the grid joins them
 * into one cell spanning both (a row or column span). Text then belongs to
 * the cell its first letter stands in, which is the same labelling a tagged
 * PDF's `Table`/`TR`/`TD` structure gives, so both kinds of table are read the
 * same way afterwards.
 *
 * @module
 */
import { joinCollinear } from "./collinear_rules.ts";
import { spillingSpans } from "./grid_spill.ts";
import { cellPoint, cellRight, overrunPieces, runsOn, runStarts } from "./overrun_cells.ts";
import { splitSideBySide } from "./side_by_side_grids.ts";
import type { Rule, Span, Tag } from "./types.ts";
import { greatest, least } from "./extremes.ts";

export type { Rule };

/** A table grid: column edges left to right, row edges top to bottom, and which grid cells join. */
export interface Grid {
  xs: number[];
  ys: number[];
  /** For each grid cell (row-major), the top-left grid cell of the cell it is part of. */
  owner: number[];
}

/** Thickest a rule is drawn, in points. */
const MAX_THICKNESS = 3;
/** Shortest a rule is, in points (shorter is a dash or a dot). */
const MIN_LENGTH = 4;
/** Shortest a stroked segment is and still a rule, in points (a cell's side drawn alone, 3 pt wide). */
const MIN_SIDE = 2.5;
/** How far apart, in points, rule ends may be and still meet (joins, double borders). */
const MEET = 2.5;
/** How far, in points, upright rules must run past a table's last rule across to bound an open row. */
const OPEN_ROW = 4;
/** Most rules read on one page: beyond, the page is a drawing, not a table. */
const MAX_RULES = 4000;

/** pdf.js' path drawing codes inside a `constructPath` (its `DrawOPS`). */
export const DRAW = { moveTo: 0, lineTo: 1, curveTo: 2, quadraticCurveTo: 3, closePath: 4 } as const;

/** True when a box is thin one way and at least `length` long the other. */
function isRule(r: Rule, length = MIN_LENGTH): boolean {
  const w = r.x1 - r.x0, h = r.y1 - r.y0;
  return (w <= MAX_THICKNESS && h >= length) || (h <= MAX_THICKNESS && w >= length);
}

/** True when a rule runs across (is wider than tall). */
export function isHorizontal(r: Rule): boolean {
  return r.x1 - r.x0 > r.y1 - r.y0;
}

/**
 * The rules in one painted path: each filled subpath that is thin, each
 * straight upright or level segment of a stroked one.
 *
 * @param path pdf.js' path data (`DrawOPS` codes and coordinates).
 * @param stroked Whether the path is stroked (else filled).
 * @param m The transform to top-down page space.
 */
export function pathRules(path: ArrayLike<number>, stroked: boolean, m: readonly number[]): Rule[] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m;
  const rules: Rule[] = [];
  let box: Rule | null = null;
  let px = 0, py = 0, sx = 0, sy = 0;
  const point = (x: number, y: number): [number, number] => [a * x + c * y + e, b * x + d * y + f];
  const grow = (x: number, y: number) => {
    if (!box) box = { x0: x, x1: x, y0: y, y1: y };
    else {box = {
        x0: Math.min(box.x0, x),
        x1: Math.max(box.x1, x),
        y0: Math.min(box.y0, y),
        y1: Math.max(box.y1, y),
      };}
  };
  const segment = (x: number, y: number) => {
    if (!stroked) return;
    const r = { x0: Math.min(px, x), x1: Math.max(px, x), y0: Math.min(py, y), y1: Math.max(py, y) };
    if (isRule(r, MIN_SIDE)) rules.push(r);
  };
  const endSubpath = () => {
    if (!stroked && box && isRule(box)) rules.push(box);
    box = null;
  };
  for (let i = 0; i < path.length;) {
    const op = path[i++]!;
    if (op === DRAW.moveTo) {
      endSubpath();
      [px, py] = point(path[i]!, path[i + 1]!);
      [sx, sy] = [px, py];
      grow(px, py);
      i += 2;
    } else if (op === DRAW.lineTo) {
      const [x, y] = point(path[i]!, path[i + 1]!);
      segment(x, y);
      grow(x, y);
      [px, py] = [x, y];
      i += 2;
    } else if (op === DRAW.curveTo || op === DRAW.quadraticCurveTo) {
      const n = op === DRAW.curveTo ? 6 : 4;
      for (let k = 0; k < n; k += 2) grow(...point(path[i + k]!, path[i + k + 1]!));
      [px, py] = point(path[i + n - 2]!, path[i + n - 1]!);
      i += n;
    } else if (op === DRAW.closePath) {
      segment(sx, sy);
      [px, py] = [sx, sy];
    } else break;
  }
  endSubpath();
  return rules;
}

/** True when two rules touch or cross, give or take `slack` points ({@linkcode MEET} for a table's grid). */
export function meet(p: Rule, q: Rule, slack = MEET): boolean {
  return p.x0 <= q.x1 + slack && q.x0 <= p.x1 + slack && p.y0 <= q.y1 + slack && q.y0 <= p.y1 + slack;
}

/** Groups of rules that meet, each as its rules (in the order of their first rule, each group's in the rules' order). */
export function connected(rules: readonly Rule[]): Rule[][] {
  const parent = rules.map((_, i) => i);
  const find = (i: number): number => parent[i] === i ? i : (parent[i] = find(parent[i]!));
  // Sorted by left edge: a rule can only meet those starting before its right edge ends.
  const order = rules.map((_, i) => i).sort((i, j) => rules[i]!.x0 - rules[j]!.x0);
  for (let k = 0; k < order.length; k++) {
    const p = rules[order[k]!]!;
    for (let l = k + 1; l < order.length && rules[order[l]!]!.x0 <= p.x1 + MEET; l++) {
      if (meet(p, rules[order[l]!]!)) parent[find(order[l]!)] = find(order[k]!);
    }
  }
  // Each rule appended to its group's list in place: copying the list on every add cost a group's size squared.
  const groups = new Map<number, Rule[]>();
  rules.forEach((r, i) => {
    const root = find(i), group = groups.get(root);
    if (group) group.push(r);
    else groups.set(root, [r]);
  });
  return [...groups.values()];
}

/** Positions within {@linkcode MEET} of each other merged to their mean, ascending. */
function edges(values: number[]): number[] {
  values.sort((p, q) => p - q);
  const out: number[] = [];
  let group: number[] = [];
  for (const v of values) {
    if (group.length && v - group.at(-1)! > MEET) {
      out.push(group.reduce((s, x) => s + x, 0) / group.length);
      group = [];
    }
    group.push(v);
  }
  if (group.length) out.push(group.reduce((s, x) => s + x, 0) / group.length);
  return out;
}

/**
 * Row edges with a table's open ends closed: where a table breaks at the foot
 * of a column or page, the producer draws the broken row's upright rules down
 * to the break and no rule across it (and the part that goes on in the next
 * column opens the same way), so the upright rules' ends bound that row.
 */
function openEnds(ys: number[], down: readonly Rule[]): number[] {
  if (ys.length < 2 || down.length === 0) return ys;
  const top = least(down.map((r) => r.y0)), bottom = greatest(down.map((r) => r.y1));
  const out = [...ys];
  if (top < out[0]! - OPEN_ROW) out.unshift(top);
  if (bottom > out.at(-1)! + OPEN_ROW) out.push(bottom);
  return out;
}

/**
 * The grid a group of rules draws, or null when it draws no table of two rows
 * and two columns at least, or of one row across three columns at least.
 */
function gridOf(rules: readonly Rule[]): Grid | null {
  const across = rules.filter(isHorizontal), down = rules.filter((r) => !isHorizontal(r));
  const xs = edges(down.map((r) => (r.x0 + r.x1) / 2));
  const ys = openEnds(edges(across.map((r) => (r.y0 + r.y1) / 2)), down);
  // One row is a table only across three columns or more (a header with no body).
  if (xs.length < 3 || ys.length < 2 || (ys.length < 3 && xs.length < 4)) return null;
  const columns = xs.length - 1, rows = ys.length - 1;
  const ruledDown = (x: number, y: number) =>
    down.some((r) => Math.abs((r.x0 + r.x1) / 2 - x) <= MEET && r.y0 <= y && r.y1 >= y);
  const ruledAcross = (y: number, x: number) =>
    across.some((r) => Math.abs((r.y0 + r.y1) / 2 - y) <= MEET && r.x0 <= x && r.x1 >= x);
  const owner = Array.from({ length: rows * columns }, (_, i) => i);
  for (let r = 0; r < rows; r++) {
    const midY = (ys[r]! + ys[r + 1]!) / 2;
    for (let c = 0; c < columns; c++) {
      const midX = (xs[c]! + xs[c + 1]!) / 2;
      const here = r * columns + c;
      // No rule on the left: part of the cell there; else no rule above: part of the cell above.
      if (c > 0 && !ruledDown(xs[c]!, midY)) owner[here] = owner[here - 1]!;
      else if (r > 0 && !ruledAcross(ys[r]!, midX)) owner[here] = owner[here - columns]!;
    }
  }
  return { xs, ys, owner };
}

/** The table grids drawn by some rules (see the module comment). */
export function findGrids(pieces: readonly Rule[]): Grid[] {
  if (pieces.length < 6) return [];
  // Past the count, pieces of one line are joined (`collinear_rules.ts`); fewer may be two tables' that touch.
  const rules = pieces.length > MAX_RULES ? joinCollinear(pieces) : pieces;
  if (rules.length > MAX_RULES) return [];
  return connected(rules).flatMap(splitSideBySide).map(gridOf).filter((g): g is Grid => g !== null);
}

/** The index of the interval of sorted `edges` holding `v`, or -1. */
function intervalOf(edges: readonly number[], v: number): number {
  if (v < edges[0]! || v > edges.at(-1)!) return -1;
  let k = 0;
  while (k < edges.length - 2 && v > edges[k + 1]!) k++;
  return k;
}

/**
 * Splits a span that runs over a column edge of a grid at the space nearest
 * the edge: a producer may write the text of neighbouring cells in one run
 * when they share a baseline and the gap between them is small.
 */
function splitAtEdges(span: Span, grids: readonly Grid[]): Span[] {
  const end = span.x + span.width, middle = span.y - span.size * 0.3;
  let edge: number | undefined;
  for (const g of grids) {
    const r = intervalOf(g.ys, middle), columns = g.xs.length - 1;
    if (r < 0) continue;
    // An edge parts two cells of the span's row only where a rule stands there.
    edge = g.xs.find((x, j) =>
      j > 0 && j < columns && x > span.x + 1 && x < end - 1 &&
      g.owner[r * columns + j - 1] !== g.owner[r * columns + j]
    );
    if (edge !== undefined) break;
  }
  if (edge === undefined) return [span];
  const step = span.width / Math.max(span.text.length, 1);
  const at = (edge - span.x) / step;
  let best = -1;
  for (let i = 0; i < span.text.length; i++) {
    if (span.text[i] === " " && (best < 0 || Math.abs(i - at) < Math.abs(best - at))) best = i;
  }
  if (best <= 0) return [span];
  // The next cell's text starts past its rule, wherever the estimate of the letters' widths puts it.
  const rightX = Math.max(span.x + (best + 1) * step, edge + 0.5);
  const left: Span = { ...span, text: span.text.slice(0, best), width: Math.min(best * step, edge - span.x) };
  const right: Span = { ...span, text: span.text.slice(best + 1), x: rightX, width: end - rightX };
  return [left, ...splitAtEdges(right, grids)];
}

/**
 * Labels the spans standing in a grid's cells as cells of that table, as a
 * tagged PDF's structure would; spans of a grid holding text in one column
 * only, or in one row and fewer than three columns, are left alone (a frame,
 * a box, two boxes side by side). One row across three columns or more is a
 * table's header with no body under it.
 * Spans running over a column edge are split there first.
 *
 * @param ids Structure id counter, advanced for each table and cell.
 * @returns The spans, split where they crossed a column edge.
 */
export function labelGridCells(
  spans: readonly Span[],
  grids: readonly Grid[],
  ids: { next: number },
): Span[] {
  if (grids.length === 0) return [...spans];
  // A run starting at a cell's rule and running over the next cells is that cell's (`overrun_cells.ts`).
  const starts = runStarts(spans);
  const out = spans.flatMap((s) => s.tag ? [s] : overrunPieces(s, grids, starts) ?? splitAtEdges(s, grids));
  for (const grid of grids) {
    const columns = grid.xs.length - 1;
    const inside = new Map<Span, number>();
    // The next column's lines a table drawn too wide lies over are not its cells (`grid_spill.ts`).
    const spill = spillingSpans(out.filter((s) => !s.tag), grid);
    for (const span of out) {
      if (span.tag || spill.has(span)) continue;
      const c = intervalOf(grid.xs, cellPoint(span, grid.xs)),
        r = intervalOf(grid.ys, span.y - span.size * 0.3);
      if (c >= 0 && r >= 0) inside.set(span, grid.owner[r * columns + c]!);
    }
    const cells = new Set(inside.values());
    const rows = new Set([...cells].map((k) => Math.floor(k / columns)));
    const used = new Set([...cells].map((k) => k % columns));
    if (((rows.size < 2 && used.size < 3) || used.size < 2) && !runsOn(inside, grid)) continue;
    const table = ids.next++;
    const tags = new Map<number, Tag>();
    // Columns holding no text (a staircase of empty ruled cells) are left out.
    const columnOf = new Map([...used].sort((p, q) => p - q).map((k, i) => [k, i]));
    for (const [span, k] of inside) {
      let tag = tags.get(k);
      if (!tag) {
        const row = Math.floor(k / columns);
        const column = columnOf.get(k % columns)!, right = cellRight(grid, k);
        tag = { block: ids.next++, cell: { table, row, column, header: row === 0, right } };
        tags.set(k, tag);
      }
      span.tag = tag;
    }
  }
  return out;
}
