/**
 * Outline entries with no title, mapped to the headings they point at. A
 * producer may write a bookmark whose title it could not spell: groff's
 * `pdfhref` leaves it empty for a heading opening with a dot (an API's
 * `.text get/set`), though the entry keeps its level and its destination.
 * Nothing matches such an entry by its words, and a heading set at body size
 * in bold right under its section's heading shows no space of its own above
 * it. The destination names the place: the row standing nearest under its
 * top, set in a look the document's other outlined headings have, is the
 * entry's heading.
 *
 * @module
 */
import { sizeKey } from "./stats.ts";
import { bodyLook } from "./far_entries.ts";
import { destinationHeight } from "./sideways_pages.ts";
import type { Line, OutlineEntry, OutlineHit } from "./types.ts";

/** The outline's entries that have a title: those reported, and those matched by their words. */
export function titledEntries(outline: readonly OutlineEntry[]): OutlineEntry[] {
  return outline.filter((e) => e.title);
}

/** A row of lines on one baseline, as the outline's mapping reads a page. */
interface Row {
  lines: Line[];
}

/** Most line steps under the destination's top the heading's baseline stands. */
const BELOW_TOP_STEPS = 2.5;
/** Most ems above the destination's top the heading's baseline stands (a destination set at the baseline). */
const ABOVE_TOP_EMS = 0.5;

/**
 * A line's look: size to the half point, weight, slant and face of its first
 * piece of text. Not `far_entries.ts`' look of a row (the face most of its
 * letters are set in, and whether they are all capitals): the two read
 * different things, not one thing at different thresholds.
 */
function lookOf(line: Line): string | undefined {
  const span = line.spans.find((s) => s.text.trim());
  if (!span) return undefined;
  const { bold, italic, monospace } = span.font;
  return `${sizeKey(line.size)}|${bold}|${italic}|${monospace}`;
}

/**
 * Maps each untitled entry (with a page and a top) to the unclaimed row
 * nearest under its destination's top that is set in the look of a heading
 * the outline's titled entries found, adding the row's lines to `hits` at
 * the entry's level. An entry with no such row maps nowhere.
 *
 * @param entries The outline's untitled entries, in order.
 * @param rowsOn The rows of a page, in reading order, with its height; undefined when the page is not converted.
 * @param hits The lines the titled entries found, added to.
 */
export function mapUntitledEntries(
  entries: readonly OutlineEntry[],
  rowsOn: (page: number) => { rows: readonly Row[]; height: number; view?: number[] } | undefined,
  hits: Map<Line, OutlineHit>,
): void {
  const looks = new Set<string>();
  for (const hit of hits.values()) {
    const look = lookOf(hit.first);
    if (look) looks.add(look);
  }
  if (looks.size === 0) return;
  for (const entry of entries) {
    const on = entry.page === undefined || entry.top === undefined ? undefined : rowsOn(entry.page);
    const top = on && destinationHeight(on, entry);
    if (!on || top === undefined) continue;
    const body = bodyLook(on.rows, (lines) => lookOf(lines[0]!));
    let best: Row | undefined;
    for (const row of on.rows) {
      const first = row.lines[0]!;
      const below = first.y - top;
      if (below < -first.size * ABOVE_TOP_EMS || below > first.size * 1.2 * BELOW_TOP_STEPS) continue;
      if (
        row.lines.some((l) => hits.has(l)) ||
        !row.lines.some((l) => l.spans.some((s) => /\p{L}/u.test(s.text)))
      ) {
        continue;
      }
      // A look the outlined headings share with most of the page's rows (headings set like body text) tells none.
      const look = lookOf(first);
      if (!look || !looks.has(look) || look === body) continue;
      if (!best || Math.abs(below) < Math.abs(best.lines[0]!.y - top)) best = row;
    }
    if (!best) continue;
    const first = best.lines[0]!;
    for (const line of best.lines) hits.set(line, { level: entry.level, first });
  }
}
