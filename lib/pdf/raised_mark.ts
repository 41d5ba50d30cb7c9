/**
 * A mark set raised and smaller than the text it belongs to: a footnote's
 * mark in the text, or the number opening the note itself. Readers of
 * untagged notes and of marks TeX hangs on a line of their own ask the same
 * question of two pieces of text, each with its own bounds; the measure is
 * spelled here once.
 *
 * @module
 */

/** Least height, in ems of the text beside it, a mark stands raised above that text's baseline. */
const RAISED_EM = 0.15;

/** Where a piece of text stands: its baseline (`y` grows down the page) and its size. */
export interface Baseline {
  y: number;
  size: number;
}

/**
 * True when `mark` stands raised above `base`'s baseline, by at least
 * 0.15 em of `base` and at most `highestEm`, and is set at most
 * `largestShare` of `base`'s size.
 */
export function raisedAndSmaller(
  mark: Baseline,
  base: Baseline,
  largestShare: number,
  highestEm = Infinity,
): boolean {
  const raised = base.y - mark.y;
  return mark.size <= base.size * largestShare && raised >= base.size * RAISED_EM &&
    raised <= base.size * highestEm;
}
