/**
 * The bottom a document's pages reach: TeX sets each page's text down to
 * the same line, but a page lengthened by hand (`\enlargethispage`) reaches
 * lower, and measured to that page's last line, every other page seems to
 * end short. A listing that runs on over a turn at the true bottom then
 * seems to end with room left, and is taken for two. Where most pages end
 * on one baseline, that is their bottom; where they end anywhere (an HTML
 * engine moving a box that does not fit whole to the next page), the lowest
 * line any page reaches stands for it.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { type DocumentStats, nearSize } from "./stats.ts";
import { greatest } from "./extremes.ts";

/**
 * Least share of a document's pages (its last one aside) ending on one
 * baseline for it to be their bottom (many end short: a chapter's last
 * page, a page before a float or a heading kept with its text), and most
 * that may reach lower (by hand).
 */
const SHARED_BOTTOM = 0.25;

/** How far apart, in points, two pages' last baselines may be and still be one bottom. */
const SAME_BOTTOM = 0.5;

/**
 * The baseline most pages but the last end on, by their code or body text,
 * where a quarter of them or more do, a quarter or fewer reach lower, and it
 * stands above `lowest` (the lowest running line, `lowestRunningLine`); else
 * `lowest`.
 */
export function pageBottom(drafts: readonly Draft[], lowest: number, stats: DocumentStats): number {
  const bottoms = new Map<number, number>();
  for (const draft of drafts) {
    if (draft.kind !== "code" && !nearSize(draft.lines[0]?.size ?? 0, stats.bodySize)) continue;
    for (const line of draft.lines) bottoms.set(line.page, Math.max(bottoms.get(line.page) ?? 0, line.y));
  }
  const last = greatest(bottoms.keys());
  const ends = [...bottoms].filter(([page]) => page !== last).map(([, bottom]) => bottom);
  let best = lowest, most = 0;
  for (const end of ends) {
    const count = ends.filter((e) => Math.abs(e - end) <= SAME_BOTTOM).length;
    if (count > most) [best, most] = [end, count];
  }
  const lower = ends.filter((e) => e > best + SAME_BOTTOM).length;
  const shared = most > 2 && most >= ends.length * SHARED_BOTTOM && lower <= ends.length * SHARED_BOTTOM;
  return shared && best < lowest ? best : lowest;
}
