/**
 * Contents pages (a table of contents, a list of figures). Their rows repeat
 * the headings' titles, often in the headings' own type, so they were read as
 * headings, as tables of title and page number, or as one paragraph. A row is
 * a contents entry when it ends in a page number after dot leaders, or when,
 * its section and page numbers aside, it spells an outline entry's title; three
 * such rows running on make a contents list, as do two or more that name the
 * whole outline (a short document's). Each entry becomes an item of a
 * bulleted list (nested by its indentation) with its leaders and page number
 * dropped, which mean nothing once the text has no pages; the short line right
 * above the list, its title ("Contents"), is set as plain text rather than a
 * heading of the document.
 *
 * @module
 */
import { contentsEntry } from "./contents_entry.ts";
import { whollyMonospace } from "./fonts.ts";
import { matchKey } from "./headings.ts";
import { syntheticBullet } from "./synthetic_bullet.ts";
import type { Line, OutlineEntry, PageText, Span } from "./types.ts";
import { greatest } from "./extremes.ts";
import { replaceRange } from "./append.ts";

/**
 * The dots and spaces ending a title (`/(?:\s*\.)+$/`), tried only where their run starts (a lookbehind):
 * tried from every dot, a long run of them before a last letter took the square of its length.
 */
export const TITLE_END_DOTS = /(?<![\s.])[\s.]*\.$/;
/** A section number opening a row (`4.1`, `A.2`). */
const SECTION_NUMBER = /^(?:\d+|[A-Z])(?:\.\d+)*\.?\s+/;
/** Entries that must run on for a contents list. */
const LEAST_ENTRIES = 3;
/** Words a contents list's title may have. */
const TITLE_WORDS = 4;

/** A page's lines in reading order, those read one after another on one baseline grouped as a row. */
export function readingRows(page: PageText): Line[][] {
  const out: Line[][] = [];
  for (const line of page.lines) {
    const row = out[out.length - 1];
    if (row && Math.abs(row[0]!.y - line.y) <= 1.5) row.push(line);
    else out.push([line]);
  }
  return out;
}

/** The text of a row, its lines and their spans left to right. */
export function rowText(row: readonly Line[]): string {
  return [...row].sort((a, b) => a.x0 - b.x0).flatMap((l) => l.spans).map((s) => s.text).join(" ")
    .replace(/\s+/g, " ").trim();
}

/** The title a row names as a contents entry, or null. */
function entryTitle(row: readonly Line[], titles: ReadonlySet<string>): string | null {
  // A title may hold a word of code (`The \\text command`); a row all of code is a listing's.
  if (row.some((l) => l.spans.some((s) => s.tag?.cell)) || row.every(whollyMonospace)) return null;
  const entry = contentsEntry(rowText(row));
  // A comma before the page is an index's entry (`factor, 211`), even one spelling an outline title.
  if (!entry || entry.title.endsWith(",")) return null;
  const title = entry.title.replace(TITLE_END_DOTS, (dots) => dots.trim() === "." ? "." : "");
  if (entry.leaders) return title;
  return titles.has(matchKey(title.replace(SECTION_NUMBER, ""))) ? title : null;
}

/** The line a contents entry becomes: a bullet, then its title, in the title's first span's type. */
function entryLine(row: readonly Line[], title: string): Line {
  const first = row[0]!, span = first.spans.find((s) => s.text.trim()) ?? first.spans[0]!;
  const indent = span.size;
  // The title reaches to its last line's end: a section number set apart is a row's first line, and an
  // entry as narrow as its number stands clear of the entries set in under it, as a table's column would.
  const titled = row.length > 1 ? row.slice(0, -1) : row;
  const x1 = greatest(titled.map((l) => l.x1));
  const bullet = syntheticBullet(span, first.x0, span.size * 0.5);
  const text: Span = {
    ...span,
    text: title,
    x: first.x0 + indent,
    width: Math.max(1, x1 - first.x0 - indent),
  };
  delete text.link;
  return { ...first, spans: [bullet, text], x0: first.x0, x1 };
}

/** A contents list's title row set as plain text: the body size of its entries, no weight. */
function plainTitle(row: readonly Line[], size: number): Line[] {
  return row.map((line) => ({
    ...line,
    size,
    spans: line.spans.map((s) => ({ ...s, size, font: { ...s.font, bold: false } })),
  }));
}

/**
 * True when some rows, two or more, name every title of the outline and
 * nothing else: the contents list of a short document, too few rows to run
 * on as {@linkcode LEAST_ENTRIES} but its whole outline.
 */
function spellsWholeOutline(rows: ReadonlyArray<string | null>, titles: ReadonlySet<string>): boolean {
  if (rows.length < 2 || rows.length !== titles.size) return false;
  const named = new Set(rows.map((title) => matchKey((title ?? "").replace(SECTION_NUMBER, ""))));
  return named.size === titles.size && [...named].every((key) => titles.has(key));
}

/**
 * Rewrites the contents lists of some pages (see the module's comment).
 *
 * @param outline The document's outline: a row spelling one of its titles is an entry even without leaders.
 * @returns The pages, those without a contents list unchanged.
 */
export function rewriteContents(pages: readonly PageText[], outline: readonly OutlineEntry[]): PageText[] {
  const titles = new Set(outline.map((e) => matchKey(e.title)));
  return pages.map((page) => {
    const pageRows = readingRows(page);
    const entries = pageRows.map((row) => entryTitle(row, titles));
    const lines: Line[] = [];
    let found = false;
    for (let i = 0; i < pageRows.length;) {
      let end = i;
      while (end < pageRows.length && entries[end] !== null) end++;
      if (end - i < LEAST_ENTRIES && !spellsWholeOutline(entries.slice(i, end), titles)) {
        const stop = Math.max(end, i + 1);
        for (let k = i; k < stop; k++) for (const line of pageRows[k]!) lines.push(line);
        i = stop;
        continue;
      }
      found = true;
      const size = pageRows[i]![0]!.size;
      const above = pageRows[i - 1];
      if (above && rowText(above).split(" ").length <= TITLE_WORDS && !titles.has(matchKey(rowText(above)))) {
        replaceRange(lines, lines.length - above.length, above.length, plainTitle(above, size));
      }
      for (let k = i; k < end; k++) lines.push(entryLine(pageRows[k]!, entries[k]!));
      i = end;
    }
    return found ? { ...page, lines } : page;
  });
}
