/**
 * Page selections such as `"1-3,5"`.
 *
 * @module
 */
import { InvalidInputError } from "../errors.ts";

/** Shape of a page selection: numbers and ranges separated by commas. */
export const PAGE_RANGE_PATTERN = /^\s*\d+\s*(-\s*\d*\s*)?(,\s*\d+\s*(-\s*\d*\s*)?)*$/;

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
  if (!PAGE_RANGE_PATTERN.test(range)) {
    throw new InvalidInputError(`Invalid pages "${range}": use page numbers and ranges like "1-3,5"`);
  }
  const pages = new Set<number>();
  for (const part of range.split(",")) {
    const [from, to] = part.split("-").map((s) => s.trim());
    const start = Number(from);
    const end = to === undefined ? start : to === "" ? pageCount : Number(to);
    if (start < 1 || end < start) {
      throw new InvalidInputError(
        `Invalid pages "${range}": "${part.trim()}" is not a forward range from page 1 up`,
      );
    }
    if (end > pageCount) {
      throw new InvalidInputError(`Invalid pages "${range}": the document has ${pageCount} pages`);
    }
    for (let p = start; p <= end; p++) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}
