/**
 * The geometry an aligned table is read by (`tables.ts`): the lines of one
 * row (sharing a baseline, or a band of cells that share none), the columns
 * their cells' extents fall into, the cell a line sits under, and whether a
 * row set tight below another carries on its cells. Apart so the table
 * reader is the walk over rows, and these the questions it asks.
 *
 * @module
 */
import { plainLineText } from "./inline.ts";
import { isMarkerOnly } from "./lists.ts";
import type { Line } from "./types.ts";

/** Lines from `start` that share its baseline. */
export function rowAt(lines: readonly Line[], start: number): Line[] {
  const first = lines[start]!;
  const row = [first];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.page !== first.page || Math.abs(line.y - first.y) > Math.min(line.size, first.size) * 0.35) {
      break;
    }
    row.push(line);
  }
  return row;
}

/**
 * True when the line at `start` may open a row whose cells share no baseline:
 * the next line lies within a line below it, clear of it on the left or right.
 */
export function opensBand(lines: readonly Line[], start: number): boolean {
  const first = lines[start]!, next = lines[start + 1];
  if (!next || next.page !== first.page) return false;
  const dy = next.y - first.y;
  return dy > 0 && dy <= first.size * 1.5 &&
    (next.x0 > first.x1 + first.size || next.x1 < first.x0 - first.size);
}

/** True when a line is a list's marker alone: a bullet glyph, or a number or letter and its `.` or `)`. */
function opensWithMarker(line: Line): boolean {
  return isMarkerOnly(plainLineText(line));
}

/**
 * True when a row is a list item whose marker stands apart from its text: a bullet alone before the rest,
 * or a number alone before one piece of text. A number before several cells, or before another number
 * (a table's numbered rows, a row of column numbers "(1) (2) (3)"), is a table's own.
 */
export function isApartItem(row: readonly Line[]): boolean {
  if (row.length < 2 || !opensWithMarker(row[0]!)) return false;
  if (plainLineText(row[0]!).trim().length === 1) return true;
  return row.length === 2 && !opensWithMarker(row[1]!);
}

/** Merges overlapping x-intervals into column intervals. */
export function columnIntervals(cells: readonly Line[]): Array<[number, number]> {
  const sorted = [...cells].sort((a, b) => a.x0 - b.x0);
  const columns: Array<[number, number]> = [];
  for (const cell of sorted) {
    const last = columns[columns.length - 1];
    if (last && cell.x0 <= last[1] + 1) last[1] = Math.max(last[1], cell.x1);
    else columns.push([cell.x0, cell.x1]);
  }
  return columns;
}

/** Index of the column interval holding a cell, or -1. */
export function columnOf(columns: ReadonlyArray<[number, number]>, cell: Line): number {
  return columns.findIndex(([a, b]) => cell.x0 >= a - 1 && cell.x0 <= b + 1);
}

/** The cell of `row` whose first line starts where `line` does (within 2 points), if any. */
export function cellUnder(row: readonly Line[][], line: Line): Line[] | undefined {
  return row.find((cellLines) => Math.abs(cellLines[0]!.x0 - line.x0) <= 2);
}

/** True when a line breaks off mid-word (a hyphen after a letter) or inside brackets it opened. */
function breaksOff(line: Line): boolean {
  const text = plainLineText(line).trimEnd();
  const opened = text.replace(/[^([{]/g, "").length, closed = text.replace(/[^)\]}]/g, "").length;
  return /\p{L}-$/u.test(text) || opened > closed;
}

/**
 * True when `row`, set right below `open` with no space between, carries on
 * its cells rather than opening a row: each of its cells starts under one of
 * `open`'s that broke off (see {@linkcode breaksOff}). A borderless table
 * whose rows have no space between them (troff's) shows a row whose cells all
 * wrap no other way. A cell above that is whole (a key, a finished phrase)
 * leaves the row to open a new one.
 */
export function continuesRow(open: readonly Line[][], row: readonly Line[]): boolean {
  const above = row.map((cell) => cellUnder(open, cell)?.at(-1));
  if (above.some((line) => !line)) return false;
  return above.every((line) => breaksOff(line!));
}
