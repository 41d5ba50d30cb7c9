/**
 * Listings set beside what they print: a manual shows each example's source
 * at the left and its result at the right (amsmath's displays beside their
 * LaTeX, `eqxample`). The two sides line up like a table of two columns, and
 * were read as one, each listing cut into rows of inline code (its first row
 * left above as a listing of one row). What tells them from a table that
 * names a command or an option beside its description (code at the left too)
 * is height: a name is one line beside a description of one or more, while
 * an example's source runs longer than what it prints. Such a table is read
 * again as its listings, parted where a blank row stands between them, each
 * followed by what stands beside it.
 *
 * @module
 */
import { type Draft, isCodeLine } from "./draft.ts";
import type { DocumentStats } from "./stats.ts";
import type { Line } from "./types.ts";
import { greatest } from "./extremes.ts";
import { replaceRange } from "./append.ts";

/**
 * How many times a listing's line step a gap must be to part two listings:
 * a listing's rows keep its step exactly, and the space between two
 * examples may be a small fraction of a row.
 */
const PART_STEPS = 1.1;

/** Fewest rows of code per row beside them for the left side to be examples, not names. */
const TALLER = 1.5;

/** How far, in points, two left edges may stand apart and still be one. */
const EDGE_SLACK = 1;

/** Each line of one column of a table, top to bottom. */
function columnLines(table: Draft, column: number): Line[] {
  return table.cells!.flatMap((row) => row[column] ?? []).sort((a, b) => a.y - b.y);
}

/** How many rows some lines stand on: pieces of one row (a formula's, drawn apart) share a baseline. */
function rowCount(lines: readonly Line[]): number {
  let rows = 0, last = -Infinity;
  for (const line of lines) {
    if (line.y - last > line.size * 0.5) rows++;
    last = line.y;
  }
  return rows;
}

/** True when `table` holds listings at its left and what they print at its right (see the module's comment). */
function besideOutput(table: Draft): boolean {
  if (table.kind !== "table" || !table.cells?.length) return false;
  if (table.cells.some((row) => row.length !== 2)) return false;
  const left = columnLines(table, 0), right = columnLines(table, 1);
  if (left.length < 2 || !left.every(isCodeLine) || right.some(isCodeLine)) return false;
  return rowCount(left) >= rowCount(right) * TALLER && new Set(left.map((l) => l.page)).size === 1;
}

/** One line of the pieces of a row on one baseline (the table had cut it at a run of spaces). */
function joined(pieces: readonly Line[]): Line {
  const spans = pieces.flatMap((l) => l.spans).sort((a, b) => a.x - b.x);
  return { ...pieces[0]!, spans, x0: spans[0]!.x, x1: greatest(pieces.map((l) => l.x1)) };
}

/** The lines of the listings, each row's pieces joined, parted where more than a row's step stands between. */
function listings(lines: readonly Line[], stats: DocumentStats): Line[][] {
  const out: Line[][] = [];
  let row: Line[] = [];
  const flush = () => {
    if (!row.length) return;
    const line = joined(row), last = out.at(-1)?.at(-1);
    if (last && line.y - last.y <= stats.codeLineGap(line.size) * PART_STEPS) out.at(-1)!.push(line);
    else out.push([line]);
    row = [];
  };
  for (const line of lines) {
    if (row.length && line.y - row[0]!.y > line.size * 0.5) flush();
    row.push(line);
  }
  flush();
  return out;
}

/**
 * Reads each table of listings beside their output again as its listings,
 * each followed by a paragraph of what stands beside it; a listing of one
 * row right above the table, at its left edge and a row's step away, is the
 * first listing's first row.
 */
export function splitListingsBesideOutput(drafts: readonly Draft[], stats: DocumentStats): Draft[] {
  const out: Draft[] = [];
  for (const draft of drafts) {
    if (!besideOutput(draft)) {
      out.push(draft);
      continue;
    }
    const left = columnLines(draft, 0), right = columnLines(draft, 1);
    const before = out.at(-1);
    const top = before?.kind === "code" && before.page === draft.page ? before.lines.at(-1) : undefined;
    if (
      top && Math.abs(top.x0 - left[0]!.x0) <= EDGE_SLACK && left[0]!.y > top.y &&
      left[0]!.y - top.y <= stats.codeLineGap(top.size) * PART_STEPS
    ) {
      replaceRange(left, 0, 0, out.pop()!.lines);
    }
    const parts = listings(left, stats);
    parts.forEach((lines, k) => {
      out.push({ kind: "code", page: draft.page, lines });
      const end = parts[k + 1]?.[0]?.y ?? Infinity;
      const start = k === 0 ? -Infinity : lines[0]!.y;
      const beside = right.filter((l) => l.y >= start - l.size && l.y < end - l.size);
      if (beside.length) out.push({ kind: "text", page: draft.page, lines: beside });
    });
  }
  return out;
}
