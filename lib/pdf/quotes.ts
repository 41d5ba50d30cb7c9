/**
 * Block quotes from geometry: body-size text set in from the page's text
 * column on the left by about an em or more and ending short of its right
 * edge, that does not continue a list item. TeX's `quote` environment and an
 * HTML engine's `blockquote` both set quotes so.
 *
 * @module
 */
import { sizeKey } from "./stats.ts";
import type { Line, PageText } from "./types.ts";

/** Left and right edges of a page's body text. */
export interface Column {
  left: number;
  right: number;
}

/** The body column of a page: leftmost left edge two lines share, and rightmost end of body-size lines. */
export function bodyColumn(page: PageText, bodySize: number): Column | null {
  const counts = new Map<number, number>();
  let right = -Infinity;
  for (const line of page.lines) {
    // Headings share the column's left edge; only body text measures its right one.
    const key = Math.round(line.x0);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (Math.abs(sizeKey(line.size) - sizeKey(bodySize)) <= 0.5) right = Math.max(right, line.x1);
  }
  // The leftmost edge several lines share: list items and quotes are set in from it.
  let left: number | undefined;
  for (const [key, n] of counts) if (n >= 2 && (left === undefined || key < left)) left = key;
  return left === undefined || right === -Infinity ? null : { left, right };
}

/**
 * True when lines of one paragraph are set as a block quote.
 *
 * @param lines The paragraph's lines.
 * @param column The page's body column.
 * @param listTextX Where the text of the list item just before starts, if one does.
 */
export function isQuoteParagraph(lines: readonly Line[], column: Column, listTextX?: number): boolean {
  const size = lines[0]?.size ?? 0;
  if (!size) return false;
  const x0 = Math.min(...lines.map((l) => l.x0));
  const x1 = Math.max(...lines.map((l) => l.x1));
  if (listTextX !== undefined && x0 < listTextX + size * 1.5) return false;
  if (x0 < column.left + size * 0.9 || x0 > column.left + size * 5) return false;
  if (lines.some((l) => Math.abs(l.x0 - x0) > size * 0.6 && l !== lines[0])) return false;
  return x1 <= column.right - size * 0.9;
}
