/**
 * A description list the page marks by type and indent alone. LaTeX's
 * `description` sets each item's term in bold at the list's left edge, runs
 * its definition on after it, and hangs the definition's further lines in by
 * the list's indent; with no structure tree to say so (or one that tags
 * paragraphs only), the items read as paragraphs that open with bold words.
 * A run of two or more such paragraphs, their first lines at one edge, one of
 * them at least wrapped and every wrapped one hanging its further lines in
 * by one indent, is a list: each paragraph an item, its term kept as its
 * first words. A run-in heading (`\paragraph`) opens with bold words too, but
 * its paragraph's lines stand flush with its first: it is left alone. So is
 * a term set in a code face: a function's parameters, each its name and its
 * description, which documentation written in Markdown keeps as paragraphs.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import type { Line } from "./types.ts";

/** Least and most hang, in ems, of a definition's further lines (LaTeX's list indents: 2.5 em, 3.8 em…). */
const HANG_EMS: readonly [number, number] = [1, 4.5];

/** How far apart, in points, two lines' left edges may stand and still be one edge. */
const SAME_EDGE = 1;

/** Most characters of a term: a few words, not a bold sentence. */
const TERM_LENGTH = 60;

/**
 * True when `line` opens with bold text (the term) that other, not bold text
 * follows on the line (the definition run on after it).
 */
function opensWithTerm(line: Line): boolean {
  const visible = line.spans.filter((s) => s.text.trim());
  const lead = visible.findIndex((s) => !s.font.bold);
  if (lead <= 0 || visible.slice(0, lead).some((s) => s.font.monospace || s.tag?.code)) return false;
  return visible.slice(0, lead).map((s) => s.text.trim()).join(" ").length <= TERM_LENGTH;
}

/**
 * The left edge of each row of some lines (pieces on one baseline are one
 * row), in order: each line joins the first row opened on its page within
 * {@linkcode SAME_EDGE} of its baseline, or opens one. Rows are filed by page
 * and baseline in slots of that height: two rows of a page stand farther
 * apart, so each slot holds one, and a line looks in three slots (its own and
 * those either side) where a search of every row cost the lines' count squared.
 */
export function rowEdges(lines: readonly Line[]): Array<{ x: number; page: number }> {
  const rows: Array<{ x: number; y: number; page: number }> = [];
  const slots = new Map<number, Map<number, number>>();
  for (const line of lines) {
    const y = line.y, onPage = slots.get(line.page);
    let found = -1;
    if (onPage && Number.isFinite(y)) {
      const slot = Math.floor(y / SAME_EDGE);
      for (const near of [slot - 1, slot, slot + 1]) {
        const at = onPage.get(near);
        if (at !== undefined && (found < 0 || at < found) && Math.abs(rows[at]!.y - y) <= SAME_EDGE) {
          found = at;
        }
      }
    }
    if (found >= 0) rows[found]!.x = Math.min(rows[found]!.x, line.x0);
    else {
      if (Number.isFinite(y)) {
        if (!slots.has(line.page)) slots.set(line.page, new Map());
        slots.get(line.page)!.set(Math.floor(y / SAME_EDGE), rows.length);
      }
      rows.push({ x: line.x0, y, page: line.page });
    }
  }
  return rows;
}

/** The hang of a draft's further rows past its first, in points: 0 for one row, NaN where they disagree. */
function hangOf(draft: Draft): number {
  const [first, ...rest] = rowEdges(draft.lines);
  if (rest.length === 0) return 0;
  const hang = rest[0]!.x - first!.x;
  return rest.every((r) => r.page === first!.page && Math.abs(r.x - first!.x - hang) <= SAME_EDGE)
    ? hang
    : NaN;
}

/** True when `draft` may be an item of an untagged description list. */
function mayBeItem(draft: Draft): boolean {
  return draft.kind === "text" && !draft.heading && !draft.quote && draft.itemDepth === undefined &&
    !draft.lines.some((l) => l.spans.some((s) => s.tag?.listItem)) && opensWithTerm(draft.lines[0]!);
}

/**
 * Turns each run of paragraphs set as an untagged description list's items
 * (see the module comment) into list items at the top level.
 */
export function markDescriptionItems(drafts: readonly Draft[]): void {
  for (let i = 0; i < drafts.length;) {
    let end = i;
    const edge = drafts[i]!.lines[0]?.x0 ?? 0;
    let hang: number | undefined;
    while (end < drafts.length && mayBeItem(drafts[end]!)) {
      const draft = drafts[end]!, first = draft.lines[0]!;
      if (Math.abs(first.x0 - edge) > SAME_EDGE) break;
      const own = hangOf(draft);
      if (own !== 0) {
        const ems = own / first.size;
        if (
          !(ems >= HANG_EMS[0] && ems <= HANG_EMS[1]) ||
          (hang !== undefined && Math.abs(own - hang) > SAME_EDGE)
        ) {
          break;
        }
        hang = own;
      }
      end++;
    }
    if (end - i >= 2 && hang !== undefined) {
      for (const draft of drafts.slice(i, end)) {
        Object.assign(draft, { kind: "list_item", ordered: false, marker: "-", depth: 0, markerX: edge });
      }
    }
    i = Math.max(end, i + 1);
  }
}
