/**
 * Outline entries whose destination misses their heading. A class may set
 * a heading's anchor where the heading is not: AASTeX's lettered appendix
 * sections point at the foot of their page or far below the heading's
 * row, so no row near the destination spells the title and the heading
 * came out as a list item (`B. AUTHOR PUBLICATION CHARGES`, its label taken
 * for a marker). A title alone does not name a row far from the
 * destination (a word of a table or a list may spell it): the row must
 * spell the whole title, be the only such row on the page, and be set in
 * the look (face, size, capitals) of a heading of the same level the
 * outline found where it pointed, a look most of the page's rows do not
 * have.
 *
 * @module
 */
import { mode, sizeKey } from "./stats.ts";
import type { Line, OutlineHit } from "./types.ts";

/** A row of lines on one baseline, as the outline's mapping reads a page. */
interface Row {
  lines: Line[];
}

/** A titled entry the destination's height found no row for. */
export interface MissedEntry {
  level: number;
  /** The entry's title as a match key. */
  key: string;
  page: number;
}

/**
 * A row's look: the face most of its letters are set in, its size to the
 * half point, and whether its letters are all capitals (a class may set its
 * headings in the body's face and size, in capitals).
 */
export function lookOf(lines: readonly Line[]): string | undefined {
  const letters = new Map<string, number>();
  let lower = false;
  for (const line of lines) {
    for (const span of line.spans) {
      const n = span.text.match(/\p{L}/gu)?.length ?? 0;
      if (n > 0) letters.set(span.font.name, (letters.get(span.font.name) ?? 0) + n);
      lower ||= /\p{Ll}/u.test(span.text);
    }
  }
  const face = mode(letters);
  return face === undefined ? undefined : `${face}|${sizeKey(lines[0]!.size)}|${lower ? "" : "caps"}`;
}

/**
 * The look most of a page's rows are set in: its body text's, by `look`
 * (this module's {@linkcode lookOf} unless another reader measures looks its own way).
 */
export function bodyLook(
  rows: readonly { lines: Line[] }[],
  look: (lines: readonly Line[]) => string | undefined = lookOf,
): string | undefined {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const found = look(row.lines);
    if (found) counts.set(found, (counts.get(found) ?? 0) + 1);
  }
  return mode(counts);
}

/** A heading's first row the outline found, with its level and look. */
export interface FoundRow {
  level: number;
  lines: Line[];
  look: string;
}

/** The first rows of the headings the outline found, each with its look. */
export function foundRows(hits: ReadonlyMap<Line, OutlineHit>): FoundRow[] {
  const rows = new Map<Line, { level: number; lines: Line[] }>();
  for (const [line, hit] of hits) {
    // The heading's first row only: the row its first line stands on.
    if (Math.abs(line.y - hit.first.y) > hit.first.size * 0.35) continue;
    const row = rows.get(hit.first) ?? { level: hit.level, lines: [] };
    row.lines.push(line);
    rows.set(hit.first, row);
  }
  return [...rows.values()].flatMap(({ level, lines }) => {
    const look = lookOf(lines);
    return look ? [{ level, lines, look }] : [];
  });
}

/**
 * Maps each missed entry to the one unclaimed run of rows on its page that
 * spells its title and opens in the look of a heading the outline found at
 * the entry's level, adding the rows' lines to `hits`. An entry with none,
 * or with more than one, maps nowhere.
 *
 * @param missed The entries no row near their destination spelled, in order.
 * @param rowsOn The rows of a page, in reading order; undefined when the page is not converted.
 * @param spells How many rows from an index spell a key (0 when they do not), as near a destination.
 * @param hits The lines the outline's entries found, added to.
 */
export function mapFarEntries<R extends Row>(
  missed: readonly MissedEntry[],
  rowsOn: (page: number) => readonly R[] | undefined,
  spells: (rows: readonly R[], at: number, key: string) => number,
  hits: Map<Line, OutlineHit>,
): void {
  if (missed.length === 0) return;
  const looks = new Set(foundRows(hits).map((r) => `${r.level}|${r.look}`));
  if (looks.size === 0) return;
  for (const entry of missed) {
    const rows = rowsOn(entry.page);
    if (!rows) continue;
    // A look the found headings share with most of the page's rows (headings set as body text) tells none.
    const body = bodyLook(rows);
    const found: Array<{ at: number; n: number }> = [];
    for (let at = 0; at < rows.length; at++) {
      if (rows[at]!.lines.some((l) => hits.has(l))) continue;
      const look = lookOf(rows[at]!.lines);
      const n = look === body ? 0 : spells(rows, at, entry.key);
      if (n > 0 && looks.has(`${entry.level}|${look}`)) found.push({ at, n });
    }
    if (found.length !== 1) continue;
    const { at, n } = found[0]!;
    const first = rows[at]!.lines[0]!;
    for (const row of rows.slice(at, at + n)) {
      for (const line of row.lines) hits.set(line, { level: entry.level, first });
    }
  }
}
