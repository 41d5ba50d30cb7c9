/**
 * The row pieces a hanging list is looked for in (`hanging_entries.ts`): a
 * page's rows split where they cross a gutter (`rowPieces`), each with its
 * edge, baseline and size, whether its row is a table's cells, and what the
 * runs tried over it ask of it, read once (a run is tried from each piece
 * of its column in turn, so each try must stay cheap).
 *
 * @module
 */
import { rowText } from "./contents_page.ts";
import { allBold } from "./draft.ts";
import { greatest } from "./extremes.ts";
import { whollyMonospace } from "./fonts.ts";
import { rowPieces } from "./index_page.ts";
import { endsSentence } from "./sentence_ends.ts";
import type { Line, PageText } from "./types.ts";

/** A row piece: its lines (left to right), left edge, baseline and size. */
export interface RowPiece {
  lines: Line[];
  x0: number;
  y: number;
  size: number;
  /** Index in the page's reading order. */
  at: number;
  /** Whether its row split into pieces other than two columns' (a table's cells). */
  cells: boolean;
  /**
   * What the runs tried from each piece of its column ask of it, read once
   * (a run is tried from each piece in turn, so each try must stay cheap):
   * whether it is `plain`, its right edge, whether it opens with a marker or
   * a term, its text and whether that ends a sentence, and whether it opens
   * an entry citing a work, by its count of wraps.
   */
  read?: {
    plain?: boolean;
    right?: number;
    marked?: boolean;
    text?: string;
    ends?: boolean;
    cites?: Map<number, boolean>;
  };
}

/** How far apart, in points, baselines of one row may stand. */
const ROW_SLACK = 1.5;

/** The page's row pieces, each with its measures. */
export function measuredPieces(page: PageText): RowPiece[] {
  const all = rowPieces(page).map((lines, at) => {
    const sorted = [...lines].sort((a, b) => a.x0 - b.x0);
    return { lines: sorted, x0: sorted[0]!.x0, y: sorted[0]!.y, size: sorted[0]!.size, at, cells: false };
  });
  // The pieces on each baseline, found in one sweep down the page.
  const middle = page.width / 2;
  const byY = [...all].sort((a, b) => a.y - b.y);
  for (let i = 0; i < byY.length;) {
    let j = i + 1;
    while (j < byY.length && byY[j]!.y - byY[i]!.y <= ROW_SLACK) j++;
    const row = byY.slice(i, j).sort((a, b) => a.x0 - b.x0);
    const twoColumns = row.length === 2 && right(row[0]!) < middle && row[1]!.x0 > middle;
    for (const piece of row) piece.cells = row.length > 1 && !twoColumns;
    i = j;
  }
  return all;
}

/**
 * True when a piece may stand in a hanging list: plain text, no table cell,
 * listing, tagged list item or line wholly in bold (a heading).
 */
export function plain(piece: RowPiece): boolean {
  return (piece.read ??= {}).plain ??= !piece.cells && !piece.lines.every(allBold) &&
    !piece.lines.some((l) => whollyMonospace(l) || l.spans.some((s) => s.tag?.cell || s.tag?.listItem));
}

/** The right edge of a piece. */
export function right(piece: RowPiece): number {
  return (piece.read ??= {}).right ??= greatest(piece.lines.map((l) => l.x1));
}

/** A piece's text (`rowText`), read once. */
export function textOf(piece: RowPiece): string {
  return (piece.read ??= {}).text ??= rowText(piece.lines);
}

/** True when a piece's text ends a sentence, read once. */
export function endsText(piece: RowPiece): boolean {
  return (piece.read ??= {}).ends ??= endsSentence(textOf(piece));
}
