/**
 * Side-by-side content read in the structure tree's order. Geometry reads a
 * page row by row, so two panels set beside each other (LaTeX code and the
 * result it prints, a figure's two halves, two columns the gutter search
 * missed) come out interleaved, a line of one and a line of the other. In a
 * tagged PDF the structure tree orders the marked content: the elements'
 * ids (`Tag.block`, given in the tree's order) say which panel comes first.
 *
 * A band of such content starts at a row holding lines of different
 * elements, and runs on over the rows below while no line crosses where
 * its rows part (a line across the band is a paragraph after it) and no
 * wide blank parts two rows. Within a band of at least two such rows, the
 * lines are read element by element in the tree's order; each element's
 * lines keep their order. Lines the tree does not cover (untagged content)
 * stay with the line before them, and a page without tags is left as it is.
 *
 * @module
 */
import type { Line } from "./types.ts";
import { append } from "./append.ts";
import { onOneRow } from "./one_row.ts";

/** Fewest rows of lines of different elements side by side that make a band. */
const MIN_PARTED_ROWS = 2;

/** Most blank between two rows of a band, in the lines' ems. */
const MAX_ROW_GAP_EM = 2.5;

/** The first structure element a line's content belongs to in the tree's order, if tagged. */
function elementOf(line: Line): number | undefined {
  let least: number | undefined;
  for (const span of line.spans) {
    const block = span.tag?.block;
    if (block !== undefined && (least === undefined || block < least)) least = block;
  }
  return least;
}

/** Lines read one after another on one baseline, grouped as rows. */
function rowsOf(lines: readonly Line[]): Line[][] {
  const rows: Line[][] = [];
  for (const line of lines) {
    const row = rows.at(-1), first = row?.[0];
    if (row && first && onOneRow(first, line)) row.push(line);
    else rows.push([line]);
  }
  return rows;
}

/** Where a row's lines of different elements part, left to right: the middle of each gap. */
function partings(row: readonly Line[]): number[] {
  if (row.length < 2 || row.some((l) => elementOf(l) === undefined)) return [];
  const byX = [...row].sort((a, b) => a.x0 - b.x0);
  const out: number[] = [];
  for (let i = 1; i < byX.length; i++) {
    const a = byX[i - 1]!, b = byX[i]!;
    if (elementOf(a) !== elementOf(b) && b.x0 > a.x1) out.push((a.x1 + b.x0) / 2);
  }
  return out;
}

/** True when a line runs over one of the band's partings. */
function crosses(line: Line, parts: readonly number[]): boolean {
  return parts.some((x) => line.x0 < x && line.x1 > x);
}

/** A band's lines, element by element in the tree's order (untagged lines kept after the line before). */
function treeOrdered(lines: readonly Line[]): Line[] {
  let key = -Infinity;
  const keyed = lines.map((line, index) => {
    key = elementOf(line) ?? key;
    return { line, key, index };
  });
  keyed.sort((a, b) => a.key - b.key || a.index - b.index);
  return keyed.map((k) => k.line);
}

/**
 * Reads a page's side-by-side bands in the structure tree's order (see the
 * module's comment).
 *
 * @param lines The page's lines in reading order by geometry.
 * @returns The lines, those of each band reordered; the same array when nothing moved.
 */
export function readBandsInTreeOrder(lines: Line[]): Line[] {
  if (!lines.some((l) => l.spans[0]?.tag)) return lines;
  const rows = rowsOf(lines);
  const out: Line[] = [];
  let moved = false;
  for (let i = 0; i < rows.length;) {
    const parts = partings(rows[i]!);
    if (parts.length === 0) {
      append(out, rows[i++]!);
      continue;
    }
    let end = i + 1, parted = 1;
    while (end < rows.length) {
      const row = rows[end]!, above = rows[end - 1]!;
      const size = Math.max(row[0]!.size, above[0]!.size);
      if (row.some((l) => crosses(l, parts)) || row[0]!.y - above[0]!.y > size * MAX_ROW_GAP_EM) break;
      const more = partings(row);
      if (more.length > 0) parted++;
      append(parts, more);
      end++;
    }
    const band = rows.slice(i, end).flat();
    if (parted >= MIN_PARTED_ROWS) {
      const ordered = treeOrdered(band);
      moved ||= ordered.some((line, k) => line !== band[k]);
      append(out, ordered);
    } else append(out, band);
    i = end;
  }
  return moved ? out : lines;
}
