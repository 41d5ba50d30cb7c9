/**
 * Blocks set side by side over a two-column page's columns: a paper's
 * authors, each name, affiliation, address and e-mail centred in a box of
 * its own, two to six boxes in a row under the title (IEEEtran's conference
 * layout, and the like in other classes). Read by rows, the boxes' lines
 * interleave, and a box standing over the right column was read with that
 * column's text. Found here by geometry alone: under a line set larger than
 * theirs, above the page's first line of a column's running text, rows
 * holding two pieces or more whose lines fall into groups apart in x, each
 * group's lines centred on one axis. Such a region is read box by box, left
 * to right, each top to bottom, before the columns.
 *
 * @module
 */
import { greatest } from "./extremes.ts";
import { sideOfGutter } from "./gutter_side.ts";
import type { Line } from "./types.ts";
import { onOneRow } from "./one_row.ts";

/** Fewest and most boxes side by side in one row. */
const MIN_BOXES = 2, MAX_BOXES = 6;
/** Share of its column's width a line of running text fills at the least. */
const RUNNING_SHARE = 0.85;
/** How far, in the line's ems, a box's line's centre may stand from the box's centre. */
const CENTRE_SLACK_EM = 1.5;
/** How much larger than the boxes' text a line above them must be set (a title). */
const TITLE_RATIO = 1.15;
/** Widest gap, in ems, between a box's rows. */
const ROW_GAP_EM = 2.5;

/** The lines at a page's top read box by box: `count` lines of the sorted page, replaced by `lines`. */
export interface BoxedHead {
  count: number;
  lines: Line[];
}

/** Index of the first line of a column's running text (a line on one side of the gutter, filling its column). */
function firstRunningLine(sorted: readonly Line[], gutterX: number): number {
  let left = Infinity, right = -Infinity;
  for (const l of sorted) {
    if (l.x0 < left) left = l.x0;
    if (l.x1 > right) right = l.x1;
  }
  return sorted.findIndex((l) => {
    const side = sideOfGutter(l, gutterX);
    if (side === null) return false;
    const column = side === "left" ? gutterX - left : right - gutterX;
    return l.x1 - l.x0 >= column * RUNNING_SHARE;
  });
}

/** Groups the lines into boxes by overlapping x-ranges, left to right; undefined where a line would join two. */
function groupByColumn(lines: readonly Line[]): Line[][] | undefined {
  const boxes: { x0: number; x1: number; lines: Line[] }[] = [];
  for (const line of lines) {
    const hits = boxes.filter((b) => line.x0 < b.x1 && line.x1 > b.x0);
    if (hits.length > 1) return undefined;
    const box = hits[0];
    if (box) {
      const last = box.lines[box.lines.length - 1]!;
      if (line.y - last.y > Math.max(line.size, last.size) * ROW_GAP_EM) return undefined;
      box.lines.push(line);
      box.x0 = Math.min(box.x0, line.x0);
      box.x1 = Math.max(box.x1, line.x1);
    } else boxes.push({ x0: line.x0, x1: line.x1, lines: [line] });
  }
  // A line may widen a box over a neighbour's lines placed before it.
  const sorted = boxes.sort((a, b) => a.x0 - b.x0);
  if (sorted.some((b, i) => i > 0 && b.x0 < sorted[i - 1]!.x1)) return undefined;
  return sorted.map((b) => b.lines);
}

/** True when every line of the box is centred on the box's own axis. */
function centred(box: readonly Line[]): boolean {
  let x0 = Infinity, x1 = -Infinity;
  for (const l of box) {
    if (l.x0 < x0) x0 = l.x0;
    if (l.x1 > x1) x1 = l.x1;
  }
  const axis = (x0 + x1) / 2;
  return box.every((l) => Math.abs((l.x0 + l.x1) / 2 - axis) <= l.size * CENTRE_SLACK_EM);
}

/** True when each box shares some height with the next (they stand side by side, not one under another). */
function sideBySide(boxes: readonly Line[][]): boolean {
  return boxes.every((box, i) => {
    const next = boxes[i + 1];
    if (!next) return true;
    const top = (b: readonly Line[]) => b[0]!.y, bottom = (b: readonly Line[]) => b[b.length - 1]!.y;
    return top(box) <= bottom(next) && top(next) <= bottom(box);
  });
}

/**
 * The head of a two-column page (its lines sorted in rows, the gutter at
 * `gutterX`) read box by box, where it holds blocks side by side: the lines
 * from the first row of two pieces or more, under a title, to the first line
 * of a column's running text. Undefined when the page has no such blocks.
 */
export function boxedHead(sorted: readonly Line[], gutterX: number): BoxedHead | undefined {
  const end = firstRunningLine(sorted, gutterX);
  if (end < 2) return undefined;
  const start = sorted.findIndex((l, i) => i > 0 && i < end && onOneRow(sorted[i - 1]!, l));
  if (start < 1) return undefined;
  // The row's first piece opens the region.
  const begin = start - 1;
  const region = sorted.slice(begin, end);
  if (region.some((l) => l.spans[0]?.tag?.cell !== undefined)) return undefined;
  const size = greatest(region.map((l) => l.size));
  if (!sorted.slice(0, begin).some((l) => l.size >= size * TITLE_RATIO)) return undefined;
  const boxes = groupByColumn(region);
  if (!boxes || boxes.length < MIN_BOXES || boxes.length > MAX_BOXES) return undefined;
  if (boxes.some((b) => b.length < 2 || !centred(b)) || !sideBySide(boxes)) return undefined;
  return { count: end, lines: [...sorted.slice(0, begin), ...boxes.flat()] };
}
