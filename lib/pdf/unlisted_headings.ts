/**
 * Headings the outline leaves out, set as those it lists. Where the outline
 * names the document's headings, a body-sized line it does not name is no
 * heading (`headings.ts`); but a class may write no bookmark for its
 * unnumbered sections (AASTeX's `REFERENCES`, set centred in capitals at
 * body size as each numbered section's title is), which were paragraphs.
 * A line standing alone on its row, short, opening with a letter, ending
 * in no punctuation, with space above it, set in the look (face, size, all
 * capitals) of the first rows of the headings the outline found at one
 * level, a look most of its page's lines do not have, and standing where
 * they stand (their left edge or their centre) is a heading of that level,
 * after the outline's first heading (the front matter before it, a title
 * block and an abstract's label, is read by other passes).
 *
 * @module
 */
import { sizeKey } from "./stats.ts";
import { bodyLook, foundRows, lookOf } from "./far_entries.ts";
import { plainLineText } from "./inline.ts";
import type { Line, OutlineHit, PageText } from "./types.ts";
import { greatest, least } from "./extremes.ts";
import { onOneRow } from "./one_row.ts";

/** Fewest headings the outline found for their look to name others. */
const MIN_FOUND = 3;
/** Most words of such a heading. */
const MAX_WORDS = 6;
/** Least distance from the baseline above, in the line's ems: a heading stands apart from the text over it. */
const SPACE_ABOVE = 2;

/** True when `line` stands where a heading's row does: at its left edge or its centre, to an em. */
function alignedWith(row: readonly Line[], line: Line): boolean {
  const x0 = least(row.map((l) => l.x0)), x1 = greatest(row.map((l) => l.x1));
  return Math.abs(line.x0 - x0) <= line.size ||
    Math.abs((line.x0 + line.x1) / 2 - (x0 + x1) / 2) <= line.size;
}

/**
 * True when a line's text is short, opens with a letter, holds a word, and ends in no punctuation (a
 * sentence's or a label's).
 */
function titleText(line: Line): boolean {
  const text = plainLineText(line).trim();
  return /^\p{L}/u.test(text) && /\p{L}{3}/u.test(text) && !/[.,:;]$/.test(text) &&
    text.split(/\s+/).length <= MAX_WORDS;
}

/**
 * Adds to `hits`, as headings, the lines the outline leaves out that are set
 * and placed as the headings it found at one level (see the module's
 * comment).
 *
 * @param pages The converted pages, lines in reading order.
 * @param hits The lines the outline's entries found, added to.
 */
export function mapUnlistedHeadings(pages: readonly PageText[], hits: Map<Line, OutlineHit>): void {
  const found = foundRows(hits);
  if (found.length < MIN_FOUND) return;
  const levels = new Map<string, Set<number>>();
  // Capitals only: a face of its own (bold, a larger size) tells a heading the outline leaves out already.
  for (const row of found.filter((r) => r.look.endsWith("|caps"))) {
    levels.set(row.look, (levels.get(row.look) ?? new Set()).add(row.level));
  }
  if (levels.size === 0) return;
  const sizes = new Set(found.map((r) => sizeKey(r.lines[0]!.size)));
  // The front matter before the outline's first heading (a title block, an abstract's label) is left to others.
  let started = false;
  for (const page of pages) {
    let body: string | undefined | null = null;
    const lines = page.lines;
    for (let i = 0; i < lines.length; i++) {
      started ||= hits.has(lines[i]!);
      if (!started) continue;
      const line = lines[i]!, prev = lines[i - 1], next = lines[i + 1];
      if (hits.has(line) || !sizes.has(sizeKey(line.size))) continue;
      if (!next || (prev && onOneRow(prev, line)) || onOneRow(next, line) || !titleText(line)) continue;
      if (prev && prev.y < line.y && line.y - prev.y < line.size * SPACE_ABOVE) continue;
      const look = lookOf([line]);
      const at = look === undefined ? undefined : levels.get(look);
      if (!look || at?.size !== 1 || !found.some((r) => r.look === look && alignedWith(r.lines, line))) {
        continue;
      }
      body ??= bodyLook(lines.map((l) => ({ lines: [l] })));
      if (look === body) continue;
      hits.set(line, { level: [...at][0]!, first: line });
    }
  }
}
