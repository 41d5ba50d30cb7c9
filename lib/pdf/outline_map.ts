/**
 * The outline's entries mapped to the lines they point at. A bookmark names
 * its heading's page and, mostly, the height on that page its destination
 * shows; the heading is the line near there whose text is the entry's title.
 * A heading found so is one whatever its typography says: a producer may set
 * headings at body size in small capitals or italics, which nothing else on
 * the page tells from emphasis, while its outline lists every one of them
 * with its level.
 *
 * @module
 */
import { matchKey } from "./headings.ts";
import { plainLineText } from "./inline.ts";
import { listMarker } from "./lists.ts";
import type { Line, OutlineEntry, PageText } from "./types.ts";

/** A line of a heading the outline points at. */
export interface OutlineHit {
  /** The entry's level (1 = top). */
  level: number;
  /** The heading's first line (the others continue it). */
  first: Line;
}

/** How far above the destination's top a heading's baseline may sit, in points (rounding, a raised anchor). */
const ABOVE_TOP = 4;
/** How far below the destination's top a heading's baseline may sit, in its line heights (space before it). */
const BELOW_TOP_LINES = 5;
/** Most rows one heading wraps over. */
const MAX_ROWS = 3;

/** A row of lines on one baseline: pieces of a line split at wide gaps (a section number and its title). */
interface Row {
  lines: Line[];
  key: string;
}

/** The page's lines grouped into rows, in reading order. */
function rowsOf(page: PageText): Row[] {
  const rows: Row[] = [];
  for (const line of page.lines) {
    const row = rows.at(-1);
    const first = row?.lines[0];
    if (row && first && Math.abs(line.y - first.y) <= Math.min(first.size, line.size) * 0.35) {
      row.lines.push(line);
    } else rows.push({ lines: [line], key: "" });
  }
  for (const row of rows) row.key = matchKey(row.lines.map(plainLineText).join(" "));
  return rows;
}

/** A section number opening a heading's text ("2.1 ", "IV. ", "A "), which outlines often leave out. */
const SECTION_NUMBER = /^(?:\d+(?: \d+)*|[ivxlcdm]+|[a-z]) /;

/** How many rows from `at` spell `key` (the title), 0 when they do not. */
function spells(rows: readonly Row[], at: number, key: string): number {
  let text = "";
  for (let n = 1; n <= MAX_ROWS && at + n - 1 < rows.length; n++) {
    const row = rows[at + n - 1]!;
    if (n > 1 && row.lines[0]!.size < rows[at]!.lines[0]!.size * 0.85) return 0;
    text = text ? `${text} ${row.key}` : row.key;
    if (text === key || text.replace(SECTION_NUMBER, "") === key) return n;
    if (!key.startsWith(text) && !key.startsWith(text.replace(SECTION_NUMBER, ""))) return 0;
  }
  return 0;
}

/**
 * The lines each outline entry points at, keyed by line. An entry takes the
 * first unclaimed run of rows spelling its title at or below its
 * destination's top on its page (the whole page when the destination gives
 * no height); an entry whose page is unknown or not converted maps nowhere.
 *
 * @param pages The converted pages, lines in reading order.
 * @param outline The document's outline.
 */
export function mapOutline(
  pages: readonly PageText[],
  outline: readonly OutlineEntry[],
): Map<Line, OutlineHit> {
  const hits = new Map<Line, OutlineHit>();
  if (outline.length === 0) return hits;
  const byPage = new Map(pages.map((p) => [p.page, p]));
  const rows = new Map<number, Row[]>();
  for (const entry of outline) {
    const page = entry.page === undefined ? undefined : byPage.get(entry.page);
    const key = matchKey(entry.title);
    if (!page || !key) continue;
    if (!rows.has(page.page)) rows.set(page.page, rowsOf(page));
    const pageRows = rows.get(page.page)!;
    const top = entry.top === undefined ? undefined : page.height - entry.top;
    for (let at = 0; at < pageRows.length; at++) {
      const first = pageRows[at]!.lines[0]!;
      if (hits.has(first)) continue;
      if (
        top !== undefined && (first.y < top - ABOVE_TOP || first.y > top + first.size * 1.2 * BELOW_TOP_LINES)
      ) {
        continue;
      }
      // A bulleted line naming a section is an entry of a contents list, not the heading.
      const spans = pageRows[at]!.lines.flatMap((l) => l.spans);
      if (listMarker({ ...first, spans })?.ordered === false) continue;
      const n = spells(pageRows, at, key);
      if (n === 0) continue;
      for (const row of pageRows.slice(at, at + n)) {
        for (const line of row.lines) hits.set(line, { level: entry.level, first });
      }
      break;
    }
  }
  return hits;
}
