/**
 * Page furniture: running headers, footers and page numbers. They sit in the
 * top or bottom margin band and repeat from page to page with only the digits
 * changing; they are dropped so they do not interrupt the text.
 *
 * @module
 */
import { isMarkerOnly } from "./lists.ts";
import { lineText, runningLines } from "./running_lines.ts";
import type { Line, PageText } from "./types.ts";

/** Share of the page height that counts as the top or bottom margin band. */
const BAND = 0.1;

/** Page-number shapes: `7`, `- 7 -`, `Page 7`, `Page 7 of 9`, `7/9`, `vii`. */
const PAGE_NUMBER =
  /^(?:[-–—]\s*)?(?:page\s+)?(?:\d{1,5}|[ivxlcdm]{1,7})(?:\s*(?:\/|of)\s*\d{1,5})?(?:\s*[-–—])?$/i;

/** A line's position (to a few points) and text with digits generalised, for spotting repeats. */
function repeatKey(line: Line): string {
  return `${Math.round(line.y / 4)}|${lineText(line).toLowerCase().replace(/\d+/g, "#")}`;
}

/** Most ems between a list marker drawn on its own and its item's text. */
const MARKER_GAP_EMS = 4;

/**
 * True when a line is a list marker alone (`•`, `2.`) with its item's text
 * beside it on its baseline: a producer that draws the marker apart (AbiWord)
 * sets it at the same spot on every page a list runs onto, as a running head
 * stands, but it marks the item.
 */
function marksItemBeside(line: Line, lines: readonly Line[]): boolean {
  if (!isMarkerOnly(lineText(line))) return false;
  return lines.some((l) =>
    l !== line && Math.abs(l.y - line.y) < 1 && l.x0 > line.x0 && l.x0 - line.x1 <= line.size * MARKER_GAP_EMS
  );
}

/** True when a line lies in the page's top or bottom margin band. */
function inBand(line: Line, height: number): boolean {
  return line.y < height * BAND || line.y > height * (1 - BAND);
}

/**
 * Removes running headers, footers and page numbers from pages, in place order.
 * A margin-band line is removed when it is a bare page number, or when the same
 * text (digits aside) appears at the same height on at least `max(2, min(3, half the pages))` pages;
 * any line that stands where running heads, feet and page numbers do (see `runningLines`) is removed too.
 *
 * @returns The pages without furniture, and how many lines were removed.
 */
export function removeFurniture(pages: readonly PageText[]): { pages: PageText[]; removed: number } {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const seen = new Set<string>();
    for (const line of page.lines) {
      if (inBand(line, page.height)) seen.add(repeatKey(line));
    }
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const threshold = Math.max(2, Math.min(3, Math.ceil(pages.length / 2)));
  let removed = 0;
  const running = runningLines(pages);
  const out = pages.map((page) => {
    const lines = page.lines.filter((line) => {
      if (running.has(line)) {
        removed++;
        return false;
      }
      // A table's cell is the table's, though it stand at the foot of a page as a page number does.
      if (!inBand(line, page.height) || line.spans.some((s) => s.tag?.cell)) return true;
      if (marksItemBeside(line, page.lines)) return true;
      const drop = PAGE_NUMBER.test(lineText(line)) ||
        (pages.length >= 2 && (counts.get(repeatKey(line)) ?? 0) >= threshold);
      if (drop) removed++;
      return !drop;
    });
    return { ...page, lines };
  });
  return { pages: out, removed };
}
