/**
 * Tables: rows of cells whose left edges line up in columns (ruled or merely
 * aligned), or, in tagged PDFs, the `Table`/`TR`/`TD` structure. The row and
 * column geometry lives in `table_rows.ts`, the splitting of swallowed cells
 * in `cell_anchors.ts`.
 *
 * @module
 */
import { joinBrokenWords } from "./cell_breaks.ts";
import { inlineMarkdown, plainLineText } from "./inline.ts";
import { stackedWords } from "./letter_stacks.ts";
import type { Lexicon } from "./lexicon.ts";
import { isMarkerOnly } from "./lists.ts";
import { isNoteMark } from "./note_mark_lines.ts";
import { splitAtAnchors } from "./cell_anchors.ts";
import {
  cellUnder,
  columnIntervals,
  columnOf,
  continuesRow,
  isApartItem,
  opensBand,
  rowAt,
} from "./table_rows.ts";
import type { TableSearchBudget } from "./table_search_budget.ts";
import type { Line } from "./types.ts";
import { greatest, least } from "./extremes.ts";
import { append } from "./append.ts";

/** A table found in a run of lines. */
export interface FoundTable {
  /** Index after the table's last line. */
  end: number;
  /** Each cell's lines by row and column, first row as header; an empty cell has none. */
  cells: Line[][][];
  /** Each cell's inline Markdown, rendered without the document's word list. */
  rows: string[][];
}

/** The inline Markdown of each cell, without the document's word list. */
function renderCells(cells: readonly (readonly Line[])[][]): string[][] {
  return cells.map((row) => row.map((lines) => lines.length ? inlineMarkdown(lines) : ""));
}

/**
 * A table's cell texts with the document's word list, which tells code a
 * typesetter hyphenated from its own hyphens, and a word broken at a narrow
 * cell's edge from two words (see `cell_breaks.ts`). Only a cell of several
 * lines can read otherwise, so only such a cell is rendered again.
 */
export function cellTexts(
  table: Pick<FoundTable, "cells" | "rows">,
  words: Lexicon,
  prose?: Lexicon,
): string[][] {
  const lefts = table.rows[0]!.map((_, c) =>
    least(table.cells.flatMap((row) => row[c] ?? []).map((l) => l.x0))
  );
  // A ruled column's text ends at its rule at the latest: a line running on over the next cells fills none.
  const rights = table.rows[0]!.map((_, c) => {
    let right = -Infinity, rule = -Infinity;
    for (const row of table.cells) {
      for (const line of row[c] ?? []) {
        right = Math.max(right, line.x1);
        rule = Math.max(rule, line.spans[0]?.tag?.cell?.right ?? Infinity);
      }
    }
    return Math.min(right, rule);
  });
  return table.rows.map((row, r) =>
    row.map((text, c) => {
      const lines = table.cells[r]![c]!;
      if (lines.length < 2) return text;
      // A ruled cell narrower than a letter: one letter a line, the spaces lost at the lines' ends.
      const stack = prose && lines[0]!.spans[0]?.tag?.cell?.right !== undefined && stackedWords(lines, prose);
      if (stack) return stack;
      const whole = joinBrokenWords(lines, rights[c]!, words, prose && { left: lefts[c]!, prose });
      if (whole) return inlineMarkdown(whole, { words });
      // Rendered without the word list, a hyphen ending a line is taken for a typesetter's and dropped.
      const broken = text.includes("-") ||
        lines.some((l, k) => k < lines.length - 1 && /-\s*$/.test(plainLineText(l)));
      return broken ? inlineMarkdown(lines, { words }) : text;
    })
  );
}

/**
 * Most rows one table on a page is read with; the rows after it start another.
 * A page at 4 pt holds some 200; the bound keeps a page that only looks like
 * the start of a table at every line (lines stacked into one another) from
 * costing time as the square of its lines.
 */
const MAX_TABLE_ROWS = 400;

/**
 * Looks for an aligned table starting at `lines[start]`: at least two rows of
 * two or more cells whose extents fall into shared columns. A line right
 * below a row, inside one column, continues that row's cell there, or is its
 * cell in a column it lacks (cells centred beside wrapped ones); one further
 * below opens a row, kept when another cell joins it. `accept` may turn the
 * lines `[start, end)` down before their cells are rendered. Rows read spend
 * their cells from `budget`, the page's allowance: none is looked for once it is spent.
 */
export function detectTable(
  lines: readonly Line[],
  start: number,
  accept: (end: number) => boolean = () => true,
  budget?: TableSearchBudget,
): FoundTable | null {
  if (budget?.spent) return null;
  const head = rowAt(lines, start);
  if (!opensTable(lines, start, head)) return null;
  const rows: Line[][][] = [];
  /** Index of each row's first line. */
  const starts: number[] = [];
  let i = start;
  let prevY = head[0]!.y;
  while (i < lines.length && rows.length < MAX_TABLE_ROWS) {
    const row = rowAt(lines, i);
    if (budget && !budget.spend(row.length)) return null;
    // A list item set apart from its marker (a bullet, a number) ends the table above it.
    if (rows.length > 0 && isApartItem(row)) break;
    const size = row[0]!.size;
    const dy = row[0]!.y - prevY;
    if (rows.length > 0 && (row[0]!.page !== head[0]!.page || dy > size * 3 || dy <= 0)) break;
    const open = rows[rows.length - 1];
    if (row.length >= 2 && open && open.length < 2 && dy <= size * 1.5) {
      // The rest of a row opened by a cell standing higher than the others.
      for (const cell of row) {
        const same = cellUnder(open, cell);
        if (same) same.push(cell);
        else open.push([cell]);
      }
    } else if (row.length >= 2 && open && dy <= size * 1.5 && continuesRow(open, row)) {
      for (const cell of row) cellUnder(open, cell)!.push(cell);
    } else if (row.length >= 2) {
      rows.push(row.map((cell) => [cell]));
      starts.push(i);
    } else if (rows.length === 0) {
      rows.push([[row[0]!]]);
      starts.push(i);
    } else {
      const cells = rows.flat(2);
      if (budget && !budget.spend(cells.length)) return null;
      const columns = columnIntervals(cells);
      const last = rows[rows.length - 1]!;
      const column = columnOf(columns, row[0]!);
      const target = last.find((cellLines) => columnOf(columns, cellLines[0]!) === column);
      const clear = greatest(last.flat().map((l) => l.x1)) + size;
      if (column < 0 && dy <= size * 1.5 && row[0]!.x0 > clear) {
        // A cell of a new column, beside the row's cells but not on their baseline.
        last.push([row[0]!]);
        prevY = row[0]!.y;
        i += 1;
        continue;
      }
      // A line running into the next column is text after the table; the last column may fill the measure.
      if (column < 0 || row[0]!.x1 > (columns[column + 1]?.[0] ?? Infinity)) break;
      if (dy > size * 1.5) {
        // Cells centred in a row of wrapped ones share no baseline: a row may open with one cell.
        rows.push([[row[0]!]]);
        starts.push(i);
      } else if (target) target.push(row[0]!);
      else last.push([row[0]!]);
    }
    prevY = row[0]!.y;
    i += row.length;
  }
  // A row left with one cell is text after the table.
  while (rows.length > 0 && rows[rows.length - 1]!.length < 2) {
    rows.pop();
    i = starts.pop()!;
  }
  if (rows.length < 2 || !accept(i)) return null;
  splitAtAnchors(rows);
  const grid = cellGrid(rows);
  if (!grid) return null;
  const texts = renderCells(grid);
  if (!plausible(texts)) return null;
  return { end: i, cells: grid, rows: texts };
}

/**
 * Whether the row at `lines[start]` may open a table: two cells or more, or
 * the first of a band; not a list's marker before one piece of text (a number
 * before several cells opens a table's numbered row, as further down:
 * `isApartItem`), nor a note's mark.
 */
function opensTable(lines: readonly Line[], start: number, head: readonly Line[]): boolean {
  if (head.length < 2 && !opensBand(lines, start)) return false;
  const marked = isMarkerOnly(plainLineText(head[0]!));
  return !(marked && (head.length < 3 || isApartItem(head))) &&
    !isNoteMark(head[0]!, head[1] ?? lines[start + 1]);
}

/** The rows' cells set in the columns their first lines share, or null for fewer than two columns. */
function cellGrid(rows: readonly (readonly Line[][])[]): Line[][][] | null {
  const columns = columnIntervals(rows.flatMap((row) => row.map((cellLines) => cellLines[0]!)));
  if (columns.length < 2) return null;
  return rows.map((row) => {
    const cells: Line[][] = columns.map(() => []);
    for (const cellLines of row) append(cells[columnOf(columns, cellLines[0]!)] ?? [], cellLines);
    return cells;
  });
}

/** Rejects side-by-side prose that merely looks like a two-column table. */
function plausible(grid: readonly string[][]): boolean {
  const filled = grid.filter((row) => row.filter(Boolean).length >= 2).length;
  if (filled < 2) return false;
  const cells = grid.flat().filter(Boolean);
  const average = cells.reduce((n, c) => n + c.length, 0) / cells.length;
  return average <= 80;
}

/** Builds a table from lines tagged as cells of one structure-tree table. */
export function tableFromTags(lines: readonly Line[], start: number): FoundTable | null {
  const table = lines[start]?.spans[0]?.tag?.cell?.table;
  if (table === undefined) return null;
  const cells = new Map<string, Line[]>();
  let rowCount = 0, columnCount = 0;
  let i = start;
  for (; i < lines.length; i++) {
    const cell = lines[i]!.spans[0]?.tag?.cell;
    if (!cell || cell.table !== table) break;
    const key = `${cell.row}:${cell.column}`;
    cells.set(key, [...cells.get(key) ?? [], lines[i]!]);
    rowCount = Math.max(rowCount, cell.row + 1);
    columnCount = Math.max(columnCount, cell.column + 1);
  }
  const found: FoundTable = { end: i, cells: [], rows: [] };
  for (let r = 0; r < rowCount; r++) {
    const row: Line[][] = [];
    for (let c = 0; c < columnCount; c++) row.push(cells.get(`${r}:${c}`) ?? []);
    const [texts] = renderCells([row]);
    if (!texts!.some(Boolean)) continue;
    found.cells.push(row);
    found.rows.push(texts!);
  }
  return found.rows.length ? found : null;
}
