/**
 * Index pages (a book's back-of-the-book index). Their rows are short terms
 * each ending in a comma and the pages that speak of it (`35`, `4, 16`,
 * `12–14`), sub-entries set in under their entry, a long entry wrapped onto a
 * row hanging deeper still, mostly in two or more columns with gaps between
 * the letters' groups. Read as text, every row became a paragraph of its own
 * and the entries lost their nesting. A page is an index page when most of its
 * rows, eight or more, end in page numbers after a comma; from its first such
 * row on, each entry row (one with its pages, or a term with sub-entries under
 * it) opens an item of a bulleted list, which the list machinery nests by its
 * indent within its column, and a row wrapped from the entry above (after a
 * comma, page numbers alone, or at the hanging indent the wraps use) stays
 * unmarked and so carries on that item. The pages are kept as printed.
 *
 * Where it does not fire: prose, whose rows are long and end in words; a
 * contents page (its page numbers follow no comma); a bibliography (its rows
 * end in a year and a full stop); tables and listings (cells and rows all in
 * a code font are left alone).
 *
 * @module
 */
import { whollyMonospace } from "./fonts.ts";
import { syntheticBullet } from "./synthetic_bullet.ts";
import { readingRows, rowText } from "./contents_page.ts";
import { mode } from "./stats.ts";
import type { Line, PageText } from "./types.ts";
import { least } from "./extremes.ts";
import { firstWhere } from "./sorted.ts";

/** A page reference: a page number or a range, arabic or roman. */
const PAGE = String.raw`(?:\d{1,4}|[ivxlc]{1,6})(?:\s*[-–—]{1,2}\s*(?:\d{1,4}|[ivxlc]{1,6}))?`;
/** A row ending in its pages after a comma (a trailing comma when the pages wrap on), read forward. */
const REFERENCED = new RegExp(String.raw`^.*?\S\s*,\s*${PAGE}(?:\s*,\s*${PAGE})*(?:\s*,)?$`, "i");
/**
 * The same read back from the row's end (a lookbehind): read forward, the lazy title tried the list of pages
 * again from each comma, the square of a long list's length. Its title may run over line ends, which a
 * row's text (its spaces made one) never holds.
 */
const REFERENCED_FROM_END = new RegExp(String.raw`$(?<=\S\s*,\s*${PAGE}(?:\s*,\s*${PAGE})*(?:\s*,)?)`, "i");
const LINE_END = /[\n\r\u2028\u2029]/;

/** True when `text` ends in its pages after a comma: {@linkcode REFERENCED}, read back from the end. */
export function endsInPages(text: string): boolean {
  return LINE_END.test(text) ? REFERENCED.test(text) : REFERENCED_FROM_END.test(text);
}
/** A row of page numbers alone: the pages of the entry above, wrapped. */
const PAGES_ONLY = new RegExp(String.raw`^${PAGE}(?:\s*,\s*${PAGE})*(?:\s*,)?$`, "i");
/** A line's end that may close an entry's pages. */
const ENDS_IN_NUMBER = /\d,?\s*$/;
/** Rows with pages a page must hold to be an index page. */
const LEAST_ENTRIES = 8;
/** Share of a page's rows that must end in pages. */
const ENTRY_SHARE = 0.5;
/** Widest an index row runs, as a share of the page's width (a column's). */
const ROW_SHARE = 0.6;
/** Farthest, in ems, a row sets in from its column's left edge (sub-entries and wraps). */
const DEEPEST_EM = 6;

/** Widest gap, in ems, between two lines of one row within one column (beyond it, the row crosses a gutter). */
const GUTTER_EM = 2;

/**
 * A page's rows, each split where it crosses a gutter: where the page's lines
 * were not read column by column, a row holds an entry of every column.
 */
export function rowPieces(page: PageText): Line[][] {
  return readingRows(page).flatMap((row) => {
    const pieces: Line[][] = [];
    for (const line of [...row].sort((a, b) => a.x0 - b.x0)) {
      const piece = pieces[pieces.length - 1];
      const last = piece?.[piece.length - 1];
      if (piece && last && line.x0 - last.x1 <= GUTTER_EM * line.size) piece.push(line);
      else pieces.push([line]);
    }
    return pieces;
  });
}

/** The row's left edge. */
function left(row: readonly Line[]): number {
  return least(row.map((l) => l.x0));
}

/** The left edges of the page's columns: clusters of the referenced rows' edges, each its least. */
function columnEdges(edges: readonly number[], em: number): number[] {
  const out: number[] = [];
  for (const x of [...edges].sort((a, b) => a - b)) {
    if (out.length === 0 || x > out[out.length - 1]! + DEEPEST_EM * em) out.push(x);
  }
  return out;
}

/**
 * The last of the ascending `edges` at or left of `x`, or 0 (a binary search: a search back through the edges for
 * each row cost rows × columns).
 */
export function columnOf(edges: readonly number[], x: number): number {
  const i = firstWhere(edges, (edge) => edge > x) - 1;
  return i >= 0 && edges[i]! <= x ? i : 0;
}

/** The indent most common among some, to a tenth of an em. */
function commonIndent(indents: readonly number[], em: number): number | undefined {
  const counts = new Map<number, number>();
  for (const d of indents) {
    counts.set(Math.round(d / em * 10), (counts.get(Math.round(d / em * 10)) ?? 0) + 1);
  }
  const tenths = mode(counts);
  return tenths === undefined ? undefined : tenths / 10 * em;
}

/** The row with a bullet before its first span, set at the row's left edge. */
function bulleted(row: readonly Line[]): Line[] {
  const sorted = [...row].sort((a, b) => a.x0 - b.x0);
  const first = sorted[0]!, span = first.spans.find((s) => s.text.trim()) ?? first.spans[0]!;
  const bullet = syntheticBullet(span, first.x0, 0);
  return [{ ...first, spans: [bullet, ...first.spans] }, ...sorted.slice(1)];
}

/**
 * For each row, the row above it in its column: the last before it with the
 * same column, or -1; for the first row, the last row of its column on the
 * page (what `columns.lastIndexOf(columns[0], -1)` finds, which reads back
 * from the end). One pass, where a search back from each row cost the rows'
 * count squared on a page of many columns.
 */
export function rowsAbove(columns: readonly number[]): number[] {
  const last = new Map<number, number>();
  const above = columns.map((c, i) => {
    const up = last.get(c) ?? -1;
    last.set(c, i);
    return up;
  });
  if (columns.length > 0) above[0] = last.get(columns[0]!) ?? -1;
  return above;
}

/** What each row of an index page is: an entry opening an item, a wrap of the one above, or left as it was. */
type RowKind = "entry" | "wrap" | "other";

/** The kinds of a page's rows and the column each stands in, or null when the page is no index page. */
function indexRows(page: PageText, rows: readonly Line[][]): { kinds: RowKind[]; columns: number[] } | null {
  const texts = rows.map(rowText);
  const fits = rows.map((row) =>
    !row.some((l) => l.spans.some((s) => s.tag?.cell)) &&
    row.reduce((x, l) => Math.max(x, l.x1), 0) - left(row) <= page.width * ROW_SHARE
  );
  const referenced = texts.map((t, i) => fits[i]! && endsInPages(t) && !PAGES_ONLY.test(t));
  // A listing's rows, all in a code font, may end in numbers after commas: they do not count.
  const count = referenced.filter((r, i) => r && !rows[i]!.every(whollyMonospace)).length;
  if (count < LEAST_ENTRIES || count < rows.length * ENTRY_SHARE) return null;
  const em = commonIndent(rows.map((r) => r[0]!.size), 1) ?? 10;
  const edges = columnEdges(rows.filter((_, i) => referenced[i]).map(left), em);
  // A mark hanging left of its column (`∗ array`) stands in it.
  const columns = rows.map((row) => columnOf(edges, left(row) + 2 * em));
  const indent = (i: number) => left(rows[i]!) - edges[columns[i]!]!;
  // The row above in the same column (the lines of a page not read column by column interleave them).
  const above = rowsAbove(columns);
  const wrapsOn = (i: number) => above[i]! >= 0 && /[,–-]$/.test(texts[above[i]!]!);
  // The hanging indent of wrapped rows, from those that surely are (after a comma, or pages alone).
  const hang = commonIndent(
    rows.flatMap((_, i) =>
      fits[i] && (wrapsOn(i) || PAGES_ONLY.test(texts[i]!)) && indent(i) > em ? [indent(i)] : []
    ),
    em,
  );
  // An entry whose pages wrapped onto the row under it (`options,` over `6, 12, 15`, atop a page) opens it too.
  const pagesBelow = new Set(above.filter((up, j) => up >= 0 && PAGES_ONLY.test(texts[j]!)));
  const first = rows.findIndex((_, i) =>
    referenced[i] ||
    (fits[i] && /,$/.test(texts[i]!) && pagesBelow.has(i))
  );
  const kinds = rows.map((_, i): RowKind => {
    if (i < first || !fits[i]) return "other";
    const text = texts[i]!;
    if (wrapsOn(i) || PAGES_ONLY.test(text)) return "wrap";
    const up = above[i]!;
    if (
      hang !== undefined && up >= 0 && Math.abs(indent(i) - hang) < em * 0.3 && indent(i) > indent(up) + 1
    ) {
      return "wrap";
    }
    // A letter group's heading (`A`, `Symbols`) and anything too far in stay as they are.
    if (text.length <= 1 || indent(i) > DEEPEST_EM * em) return "other";
    return "entry";
  });
  return { kinds, columns: columns.map((c, i) => i < first ? -1 : c) };
}

/**
 * Rewrites the index pages among some pages (see the module's comment).
 *
 * @returns The pages, those that are no index page unchanged.
 */
export function rewriteIndexes(pages: readonly PageText[]): PageText[] {
  return pages.map((page) => {
    // Most pages end few lines in a number: they are passed over before their rows are read.
    if (page.lines.filter((l) => ENDS_IN_NUMBER.test(l.spans.at(-1)?.text ?? "")).length < LEAST_ENTRIES) {
      return page;
    }
    const rows = rowPieces(page);
    const found = indexRows(page, rows);
    if (!found) return page;
    const { kinds, columns } = found;
    // The index read column by column, each column's rows in their order.
    const order = rows.map((_, i) => i).sort((a, b) => columns[a]! - columns[b]! || a - b);
    return { ...page, lines: order.flatMap((i) => kinds[i] === "entry" ? bulleted(rows[i]!) : rows[i]!) };
  });
}
