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
import { mapFarEntries, type MissedEntry } from "./far_entries.ts";
import { matchKey } from "./headings.ts";
import { plainLineText } from "./inline.ts";
import { destinationHeight } from "./sideways_pages.ts";
import { listMarker } from "./lists.ts";
import { LABEL } from "./section_numbers.ts";
import type { Line, OutlineEntry, OutlineHit, PageText } from "./types.ts";
import { mapUnlistedHeadings } from "./unlisted_headings.ts";
import { mapUntitledEntries } from "./untitled_entries.ts";
import { onOneRow } from "./one_row.ts";

/**
 * How far above the destination's top a heading's baseline may sit, in its
 * line heights: a producer may set the destination where the heading ends
 * (groff's `pdfmark` a few lines below it) rather than above it.
 */
const ABOVE_TOP_LINES = 3.5;
/** How far below the destination's top a heading's baseline may sit, in its line heights (space before it). */
const BELOW_TOP_LINES = 5;
/** Most rows one heading wraps over. */
const MAX_ROWS = 4;

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
    if (row && first && onOneRow(first, line)) {
      row.lines.push(line);
    } else rows.push({ lines: [line], key: "" });
  }
  for (const row of rows) row.key = matchKey(row.lines.map(plainLineText).join(" "));
  return rows;
}

/** Least letter-pair similarity of a row to a title for the row to be the heading near its destination. */
const MIN_SIMILARITY = 0.8;

/** Dice's coefficient of two strings' letter pairs (1 = the same pairs). */
function similarity(a: string, b: string): number {
  const pairs = (s: string) => {
    const counts = new Map<string, number>();
    for (let i = 0; i + 1 < s.length; i++) {
      counts.set(s.slice(i, i + 2), (counts.get(s.slice(i, i + 2)) ?? 0) + 1);
    }
    return counts;
  };
  const pa = pairs(a), pb = pairs(b);
  let shared = 0;
  for (const [pair, n] of pa) shared += Math.min(n, pb.get(pair) ?? 0);
  const total = Math.max(a.length - 1, 0) + Math.max(b.length - 1, 0);
  return total === 0 ? 0 : 2 * shared / total;
}

/** Least share of a run of rows' letters a title spelled with letters dropped must keep. */
const MIN_KEPT = 0.6;

/**
 * True when `title` is `text` with letters dropped: its letters in order
 * within the text's, ending on the same letter, and keeping most of them (a
 * producer that drops escaped characters from its bookmarks, as gropdf
 * drops `(pa` from `glob(pattern`).
 */
function droppedLetters(text: string, title: string): boolean {
  const a = text.replace(/ /g, ""), b = title.replace(/ /g, "");
  if (!b || b.length < a.length * MIN_KEPT || a.at(-1) !== b.at(-1)) return false;
  let k = 0;
  for (let i = 0; i < a.length && k < b.length; i++) if (a[i] === b[k]) k++;
  return k === b.length;
}

/**
 * How many rows from `at` spell `key` with a few letters astray or dropped
 * (see {@linkcode similarity}, {@linkcode droppedLetters}), 0 when none do.
 */
function spellsAstray(rows: readonly Row[], at: number, key: string): number {
  let text = "", best = 0, bestSimilarity = MIN_SIMILARITY;
  for (let n = 1; n <= MAX_ROWS && at + n - 1 < rows.length; n++) {
    const row = rows[at + n - 1]!;
    if (!row.key || (n > 1 && !goesOn(row, rows[at]!))) break;
    text = text ? `${text} ${row.key}` : row.key;
    if (droppedLetters(text, key)) return n;
    const near = similarity(text, key);
    if (near >= bestSimilarity) [best, bestSimilarity] = [n, near];
  }
  return best;
}

/**
 * True when a row may go on a heading whose first row is `first`: not much
 * smaller (the text after it), nor much larger unless `first` is a label
 * ("Chapter 2", a number: the heading keeps it for `section_numbers.ts` to
 * drop). A much larger row after a line of text is the heading after the
 * text above it (a box's last line, nearer the destination than the
 * heading's own first row).
 */
function goesOn(row: Row, first: Row): boolean {
  const size = row.lines[0]!.size, opening = first.lines[0]!.size;
  if (size < opening * 0.85) return false;
  const text = first.lines.map(plainLineText).join(" ").trim();
  return size * 0.85 <= opening || LABEL.exec(text)?.[0] === text;
}

/** A section number opening a heading's text ("2.1 ", "IV. ", "A "), which outlines often leave out. */
const SECTION_NUMBER = /^(?:\d+(?: \d+)*|[ivxlcdm]+|[a-z]) /;

/** How many rows from `at` spell `key` (the title), 0 when they do not. */
function spells(rows: readonly Row[], at: number, key: string): number {
  let text = "";
  for (let n = 1; n <= MAX_ROWS && at + n - 1 < rows.length; n++) {
    const row = rows[at + n - 1]!;
    if (n > 1 && row.lines[0]!.size < rows[at]!.lines[0]!.size * 0.85) return 0;
    // A row of no letters (a listing's closing brace) opens no title.
    if (!row.key) return 0;
    text = text ? `${text} ${row.key}` : row.key;
    if (text === key || text.replace(SECTION_NUMBER, "") === key) return n;
    if (!key.startsWith(text) && !key.startsWith(text.replace(SECTION_NUMBER, ""))) return 0;
  }
  return 0;
}

/**
 * The lines each outline entry points at, keyed by line. An entry takes the
 * unclaimed run of rows spelling its title nearest its destination's top on
 * its page (the first on the page when the destination gives no height), or,
 * near a named height, the row there spelling it with a few letters astray,
 * or, far from it, the one row spelling it in the look of a heading found
 * (see `far_entries.ts`); an entry whose page is unknown or not converted maps nowhere.
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
  const missed: MissedEntry[] = [];
  for (const entry of outline) {
    const page = entry.page === undefined ? undefined : byPage.get(entry.page);
    const key = matchKey(entry.title);
    if (!page || !key) continue;
    if (!rows.has(page.page)) rows.set(page.page, rowsOf(page));
    const pageRows = rows.get(page.page)!;
    const top = destinationHeight(page, entry);
    const near: number[] = [];
    for (let at = 0; at < pageRows.length; at++) {
      const first = pageRows[at]!.lines[0]!;
      if (hits.has(first)) continue;
      if (
        top !== undefined &&
        (first.y < top - first.size * 1.2 * ABOVE_TOP_LINES ||
          first.y > top + first.size * 1.2 * BELOW_TOP_LINES)
      ) {
        continue;
      }
      // A bulleted line naming a section, or one tagged a contents entry, is an entry of a contents list.
      const spans = pageRows[at]!.lines.flatMap((l) => l.spans);
      if (listMarker({ ...first, spans })?.ordered === false || spans.some((s) => s.tag?.contents)) continue;
      near.push(at);
    }
    // Nearest the destination first: a title may stand on the page more than once.
    if (top !== undefined) {
      near.sort((a, b) =>
        Math.abs(pageRows[a]!.lines[0]!.y - top) - Math.abs(pageRows[b]!.lines[0]!.y - top)
      );
    }
    let at = -1, n = 0;
    for (const k of near) {
      n = spells(pageRows, k, key);
      if (n > 0) {
        at = k;
        break;
      }
    }
    // Where the destination names the height, a row there (or a heading wrapped over rows) spelling the
    // title with a few letters astray or dropped (a producer's escaping mangled the bookmark) is its heading.
    if (at < 0 && top !== undefined) {
      for (const k of near) {
        n = spellsAstray(pageRows, k, key);
        if (n > 0) {
          at = k;
          break;
        }
      }
    }
    if (at < 0) {
      if (top !== undefined) missed.push({ level: entry.level, key, page: page.page });
      continue;
    }
    const first = pageRows[at]!.lines[0]!;
    for (const row of pageRows.slice(at, at + n)) {
      for (const line of row.lines) hits.set(line, { level: entry.level, first });
    }
  }
  // A destination set far from its heading: the one row on the page spelling the title in a found heading's look.
  mapFarEntries(missed, (n) => rows.get(n), spells, hits);
  mapUnlistedHeadings(pages, hits);
  const untitled = outline.filter((e) => !matchKey(e.title));
  if (untitled.length > 0) {
    mapUntitledEntries(untitled, (n) => {
      const page = byPage.get(n);
      if (!page) return undefined;
      if (!rows.has(n)) rows.set(n, rowsOf(page));
      return { rows: rows.get(n)!, height: page.height, ...(page.view ? { view: page.view } : {}) };
    }, hits);
  }
  return hits;
}
