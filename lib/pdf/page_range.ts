/**
 * Page selections such as `"1-3,5"`.
 *
 * @module
 */
import { InvalidInputError } from "../shared/errors.ts";

/** Shape of a page selection: numbers and ranges separated by commas. */
export const PAGE_RANGE_PATTERN = /^\s*\d+\s*(-\s*\d*\s*)?(,\s*\d+\s*(-\s*\d*\s*)?)*$/;

/** One part of a selection: a page, a closed range, or an open range (`end` absent). */
interface RangePart {
  start: number;
  end?: number;
}

/**
 * Checks a selection's shape without the document: numbers and ranges from
 * page 1 up, each range forward. The route runs it before payment, so
 * `"0"` or `"5-2"` is refused for free.
 *
 * @throws {InvalidInputError} Malformed, page 0, or reversed.
 */
export function checkPageRange(range: string | undefined): void {
  if (range !== undefined) rangeParts(range);
}

/** The parts of a non-empty selection, checked as {@linkcode checkPageRange} says. */
function rangeParts(range: string): RangePart[] {
  if (range.trim() === "") return [];
  if (!PAGE_RANGE_PATTERN.test(range)) {
    throw new InvalidInputError(`Invalid pages "${range}": use page numbers and ranges like "1-3,5"`);
  }
  return range.split(",").map((part) => {
    const [from, to] = part.split("-").map((s) => s.trim());
    const start = Number(from);
    const end = to === undefined ? start : to === "" ? undefined : Number(to);
    if (start < 1 || (end !== undefined && end < start)) {
      throw new InvalidInputError(
        `Invalid pages "${range}": "${part.trim()}" is not a forward range from page 1 up`,
      );
    }
    return { start, end };
  });
}

/**
 * Parses a 1-based page selection against a document's page count. An open
 * range (`"3-"`) runs to the last page. Pages come back sorted, without repeats.
 *
 * @throws {InvalidInputError} Malformed, reversed, or past the last page.
 * @example
 * ```ts
 * parsePageRange("1-3,5", 10); // [1, 2, 3, 5]
 * ```
 */
export function parsePageRange(range: string | undefined, pageCount: number): number[] {
  if (range === undefined || range.trim() === "") {
    return Array.from({ length: pageCount }, (_, i) => i + 1);
  }
  const pages = new Set<number>();
  for (const { start, end = pageCount } of rangeParts(range)) {
    if (end > pageCount || start > pageCount) {
      throw new InvalidInputError(`Invalid pages "${range}": the document has ${pageCount} pages`);
    }
    for (let p = start; p <= end; p++) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}

/**
 * How many pages a selection picks of a document of `pageCount` pages,
 * without listing them (a page tree may declare billions).
 *
 * @throws {InvalidInputError} Malformed, reversed, or past the last page.
 */
export function countPageRange(range: string | undefined, pageCount: number): number {
  if (range === undefined || range.trim() === "") return pageCount;
  const parts = rangeParts(range).map(({ start, end = pageCount }) => {
    if (end > pageCount || start > pageCount) {
      throw new InvalidInputError(`Invalid pages "${range}": the document has ${pageCount} pages`);
    }
    return { start, end };
  }).sort((a, b) => a.start - b.start);
  let count = 0, covered = 0;
  for (const { start, end } of parts) {
    if (end > covered) count += end - Math.max(start, covered + 1) + 1;
    covered = Math.max(covered, end);
  }
  return count;
}
