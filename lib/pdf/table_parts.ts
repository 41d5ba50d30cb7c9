/**
 * Tables broken by a column or page turn. A producer that breaks a table at
 * the foot of a column goes on with it at the top of the next column or page,
 * often repeating the header row there, and may break a row in two: the cells
 * set before the turn, the rest after it. Read as they stand, that makes two
 * tables, a second header and a row with empty cells in each. The part that
 * goes on (the table right after, higher up the page or on the next one, with
 * as many columns standing as far apart) is joined to the first: its repeated
 * header is dropped and a broken row is one row again.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { append } from "./append.ts";

/** How far, in points, a column's left edge may stand from the other part's and still be the same column. */
const COLUMN_SLACK = 3;

/** Each column's left edge relative to the first column's, where the column holds text. */
function columnOffsets(table: Draft): Array<number | undefined> {
  const lefts = table.cells![0]!.map((_, c) => {
    let left = Infinity;
    for (const row of table.cells!) for (const line of row[c] ?? []) left = Math.min(left, line.x0);
    return left === Infinity ? undefined : left;
  });
  const origin = lefts[0];
  return lefts.map((x) => x === undefined || origin === undefined ? undefined : x - origin);
}

/** True when `next` reads as the part of `table` that goes on after a column or page turn. */
function goesOn(table: Draft, next: Draft): boolean {
  if (table.kind !== "table" || next.kind !== "table" || !table.rows?.length || !next.rows?.length) {
    return false;
  }
  const columns = table.rows[0]!.length;
  if (next.rows[0]!.length !== columns) return false;
  const last = table.lines.at(-1)!, first = next.lines[0]!;
  // Reading goes back up to the top of the next column, or on to the next page.
  const turned = next.page === table.page + 1 || (next.page === table.page && first.y < last.y);
  if (!turned) return false;
  const a = columnOffsets(table), b = columnOffsets(next);
  return a.every((x, c) => x === undefined || b[c] === undefined || Math.abs(x - b[c]!) <= COLUMN_SLACK);
}

/**
 * True when the last row before a turn and the first after it are one row
 * broken in two: every column has text in one of them, and some column's text
 * stands only before the turn.
 */
function brokenRow(before: readonly string[], after: readonly string[]): boolean {
  return before.every((text, c) => text || after[c]) && before.some((text, c) => text && !after[c]);
}

/** Appends the part of a table after a turn to the part before it. */
function join(table: Draft, next: Draft) {
  const cells = [...next.cells!], rows = [...next.rows!];
  if (rows.length > 1 && rows[0]!.every((text, c) => text === table.rows![0]![c])) {
    cells.shift();
    rows.shift();
  }
  const lastRow = table.rows!.length - 1;
  if (brokenRow(table.rows![lastRow]!, rows[0]!)) {
    const [cellsAfter, textsAfter] = [cells.shift()!, rows.shift()!];
    table.cells![lastRow] = table.cells![lastRow]!.map((lines, c) => [...lines, ...cellsAfter[c]!]);
    table.rows![lastRow] = table.rows![lastRow]!.map((text, c) =>
      [text, textsAfter[c]].filter(Boolean).join(" ")
    );
  }
  append(table.cells!, cells);
  append(table.rows!, rows);
  append(table.lines, next.lines);
}

/**
 * Joins each table to the part of it that goes on after a column or page turn.
 *
 * @param acrossPages Whether parts on the next page join too (not when the pages are kept apart).
 */
export function joinTableParts(drafts: readonly Draft[], acrossPages: boolean): Draft[] {
  const out: Draft[] = [];
  for (const draft of drafts) {
    const prev = out.at(-1);
    if (prev && goesOn(prev, draft) && (acrossPages || draft.page === prev.page)) join(prev, draft);
    else out.push(draft);
  }
  return out;
}
