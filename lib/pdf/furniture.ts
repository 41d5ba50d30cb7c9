/**
 * Page furniture: running headers, footers and page numbers. They sit in the
 * top or bottom margin band and repeat from page to page with only the digits
 * changing; they are dropped so they do not interrupt the text.
 *
 * @module
 */
import { isListingRowInBand } from "./listing_band_rows.ts";
import { isMarkerOnly } from "./lists.ts";
import { lineText, runningLines } from "./running_lines.ts";
import type { Line, PageText } from "./types.ts";
import { greatest } from "./extremes.ts";

/** Share of the page height that counts as the top or bottom margin band. */
const BAND = 0.1;

/** Page-number shapes: `7`, `- 7 -`, `Page 7`, `Page 7 of 9`, `7/9`, `vii`. */
const PAGE_NUMBER =
  /^(?:[-–—]\s*)?(?:page\s+)?(?:\d{1,5}|[ivxlcdm]{1,7})(?:\s*(?:\/|of)\s*\d{1,5})?(?:\s*[-–—])?$/i;

/** Text that says something: a letter or a digit. */
const SAYS = /[\p{L}\p{N}]/u;

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
 * Most distance between baselines, in sizes of the line, at which a line runs
 * on from the one before it: a line step is ~1.2, a listing's ~1.4; a
 * paragraph's space is ~2 and a running foot stands further off still.
 */
const RUN_ON_STEP = 1.7;
/** Most horizontal gap, in sizes of the line, between a line and the one it runs on from. */
const RUN_ON_GAP = 2;
/** Most ratio between the sizes of a line and the one it runs on from. */
const RUN_ON_SIZE = 1.2;

/** True when `line` follows `from` as the next row of the same text: a line step away, beside it, at its size. */
function runsOnFrom(line: Line, from: Line): boolean {
  const step = Math.abs(line.y - from.y), size = Math.max(line.size, from.size);
  const gap = Math.max(from.x0 - line.x1, line.x0 - from.x1, 0);
  return step > 1 && step <= size * RUN_ON_STEP && gap <= line.size * RUN_ON_GAP &&
    size <= Math.min(line.size, from.size) * RUN_ON_SIZE;
}

/**
 * The margin-band lines of a page that run on from the text block, row by
 * row, outward from a line outside the bands: the last rows of a column, a
 * listing or a table that reach into the band at a line step from the rows
 * above them (below them at the top). Whatever they say (a bare `60` in a
 * listing's row, words that recur on another page at that height), they are
 * the text's; running heads and feet stand apart from it. `running` lines
 * never carry the text on.
 */
function runOnLines(page: PageText, running: ReadonlySet<Line>): Set<Line> {
  const reached = new Set<Line>();
  const band = page.lines.filter((l) => inBand(l, page.height) && !running.has(l));
  if (band.length === 0) return reached;
  // Only the text's rows within a step of the bands can carry it on into them.
  const reach = greatest(band.map((l) => l.size)) * RUN_ON_STEP * RUN_ON_SIZE;
  const text = page.lines.filter((l) =>
    !inBand(l, page.height) && !running.has(l) &&
    (l.y < page.height * BAND + reach || l.y > page.height * (1 - BAND) - reach)
  );
  const foot = band.filter((l) => l.y > page.height / 2).sort((a, b) => a.y - b.y);
  const head = band.filter((l) => l.y <= page.height / 2).sort((a, b) => b.y - a.y);
  for (const line of [...foot, ...head]) {
    const inward = (l: Line) => line.y > page.height / 2 ? l.y < line.y : l.y > line.y;
    if (text.some((l) => inward(l) && runsOnFrom(line, l))) {
      text.push(line);
      reached.add(line);
    }
  }
  return reached;
}

/**
 * Removes running headers, footers and page numbers from pages, in place order.
 * A margin-band line is removed when it is a bare page number, or when the same
 * text (digits aside), saying something (a letter or digit), appears at the same height on at least
 * `max(2, min(3, half the pages))` pages;
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
    const runOn = runOnLines(page, running);
    const lines = page.lines.filter((line) => {
      if (running.has(line)) {
        removed++;
        return false;
      }
      // A table's cell is the table's, though it stand at the foot of a page as a page number does.
      if (!inBand(line, page.height) || line.spans.some((s) => s.tag?.cell) || runOn.has(line)) return true;
      if (marksItemBeside(line, page.lines)) return true;
      if (isListingRowInBand(line, page, (l) => inBand(l, page.height))) return true;
      // A running head or foot says something; a bare bracket recurring there is a listing's last row (`})`).
      const drop = PAGE_NUMBER.test(lineText(line)) ||
        (pages.length >= 2 && (counts.get(repeatKey(line)) ?? 0) >= threshold && SAYS.test(lineText(line)));
      if (drop) removed++;
      return !drop;
    });
    return { ...page, lines };
  });
  return { pages: out, removed };
}
