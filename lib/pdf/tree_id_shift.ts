/**
 * Structure trees whose marked-content ids count on over the pages. Each
 * page numbers its marked content from 0, and the tree refers to it by page
 * and number; pdfTeX with LaTeX's tagging code (TeX Live 2022) writes the
 * tree's numbers counting on from the pages before (page 2's content 0 is
 * the tree's 52 when page 1 holds 52), so no tag met its text and the
 * document read as untagged. Where most of a page's tree ids miss its
 * content and one shift makes nearly all of them meet it, the tree's ids are
 * shifted back. A page's shift is the count of the marked content before
 * it: read in order from the first page, each page's shift is known from
 * the pages before (`nextShift`). A page read first elsewhere is aligned by
 * its own ids; where two shifts a number apart meet as well (an element
 * running over a page turn is filed under the page it starts or ends on),
 * the larger is taken.
 *
 * So a page's shift can depend on where the run of pages it was read in
 * began: a document split into runs extracted on threads of their own
 * (`page_run.ts`) reads each run's first tagged page by its own ids, and
 * where the two shifts tie, that page (and, counted on from it, every page
 * after it in the run) took another shift than one run over all the pages
 * gave it, so the Markdown depended on the pool's chunks. Each run keeps
 * what its first tagged page saw ({@linkcode ShiftStart}) and the shift it
 * hands on; joined in page order, a run whose start takes another shift with
 * the one the runs before hand on is read again with it (`carryTreeShifts`).
 *
 * @module
 */

/** A marked-content id as pdf.js spells it: the page's reference, then `_mc` and the number. */
const MARKED_ID = /^(.*_mc)(\d+)$/;

/** Share of the tree's ids that must meet the page's content once shifted. */
const MEET_SHARE = 0.8;

/** How far from the first ids' difference a shift is looked for. */
const SHIFT_REACH = 3;

/** The number of a marked-content id, with what comes before it. */
function split(id: string): [string, number] | undefined {
  const m = MARKED_ID.exec(id);
  return m ? [m[1]!, Number(m[2])] : undefined;
}

/**
 * The shift to take from the tree's marked-content numbers so they meet the
 * page's (`contentIds`), or 0 where they meet already or no shift makes them.
 *
 * @param treeIds The ids the page's structure tree refers to.
 * @param contentIds The ids of the page's marked content.
 * @param expected The shift the pages before give this one (`nextShift`), when known.
 */
export function treeIdShift(
  treeIds: readonly string[],
  contentIds: ReadonlySet<string>,
  expected?: number,
): number {
  if (treeIds.length === 0 || contentIds.size === 0) return 0;
  const meeting = (shift: number) =>
    treeIds.filter((id) => {
      const parts = split(id);
      return parts !== undefined && contentIds.has(`${parts[0]}${parts[1] - shift}`);
    }).length;
  if (meeting(0) >= treeIds.length / 2) return 0;
  const enough = Math.min(treeIds.length, contentIds.size) * MEET_SHARE;
  if (expected !== undefined && expected > 0 && meeting(expected) >= enough) return expected;
  // A loop, not `Math.min(...ids)`: a page may hold more ids than a call takes arguments.
  const first = (ids: Iterable<string>) => {
    let least = Infinity;
    for (const id of ids) least = Math.min(least, split(id)?.[1] ?? Infinity);
    return least;
  };
  const base = first(treeIds) - first(contentIds);
  if (!Number.isFinite(base) || base <= 0) return 0;
  let best = 0, bestMeeting = 0;
  for (let shift = base - SHIFT_REACH; shift <= base + SHIFT_REACH; shift++) {
    const n = meeting(shift);
    if (shift > 0 && n >= bestMeeting) [best, bestMeeting] = [shift, n];
  }
  return bestMeeting >= enough ? best : 0;
}

/** The shift the next page's tree ids take after a page shifted by `shift` with marked content `contentIds`. */
export function nextShift(shift: number, contentIds: ReadonlySet<string>): number {
  let count = 0;
  for (const id of contentIds) count = Math.max(count, (split(id)?.[1] ?? -1) + 1);
  return shift + count;
}

/**
 * A run's first page read for its shift without the pages before it (its
 * tree ids, its marked-content ids), and the shift it took.
 */
export interface ShiftStart {
  treeIds: string[];
  contentIds: string[];
  shift: number;
}

/** Where a run's shifts stand: its start, when read without the pages before, and the shift it hands on. */
export interface ShiftState {
  start?: ShiftStart;
  next?: number;
}

/** True when `start`'s page takes the shift it took with the one the pages before give (`expected`) as well. */
export function shiftCarries(start: ShiftStart, expected: number | undefined): boolean {
  return treeIdShift(start.treeIds, new Set(start.contentIds), expected) === start.shift;
}

/** `id` with its number less `shift` (unchanged when it has none, or the shift is 0). */
export function shiftedId(id: string, shift: number): string {
  const parts = shift === 0 ? undefined : split(id);
  return parts ? `${parts[0]}${parts[1] - shift}` : id;
}
