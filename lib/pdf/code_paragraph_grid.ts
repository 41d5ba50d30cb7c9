/**
 * A paragraph made of inline code, told from a one-row listing by where it
 * stands. An HTML engine sets a paragraph's code on the paragraph's own line
 * box (its strut is the text face's), so the row stands as far below the
 * prose before it as the next paragraph of prose would; a listing's row
 * sits in a box of its own, with the listing's margins, and stands a
 * different distance below prose. Where a document's listings show such a
 * distance of their own, a one-row "listing" at the paragraphs' distance is
 * a paragraph (`npm install thing` between "Installation" and "or"). A
 * producer that sets listings as far below prose as paragraphs (troff, a
 * word processor) shows no such difference, and nothing changes there.
 *
 * @module
 */
import { allBold, type Draft, isCodeLine, shadeOf } from "./draft.ts";
import type { Line } from "./types.ts";

/** Least difference, in points, between the two distances for them to tell. */
const APART = 1;

/** How far, in points, a row may stand from the paragraphs' distance and still be at it. */
const TOLERANCE = 0.3;

/** Fewest distances between paragraphs of prose, and below prose to listings, to measure by. */
const MIN_PARAGRAPHS = 3, MIN_LISTINGS = 2;

/** The distance from the last line of `above` down to the first of `below`, when both stand in one column of a page. */
function distanceDown(above: Draft, below: Draft): number | undefined {
  const a = above.lines.at(-1), b = below.lines[0];
  if (!a || !b || a.page !== b.page || b.y <= a.y || Math.abs(a.x0 - b.x0) > 1) return undefined;
  return b.y - a.y;
}

/**
 * True when a draft is prose whose last line is neither code nor wholly bold:
 * a heading set in bold keeps margins of its own, which the distances below
 * paragraphs do not tell.
 */
function endsInProse(draft: Draft): boolean {
  const last = draft.lines.at(-1);
  return draft.kind === "text" && last !== undefined && !isCodeLine(last) && !allBold(last);
}

/** True when a line is painted or tagged as a listing's: then it is one, wherever it stands. */
function markedListing(line: Line): boolean {
  return shadeOf(line) !== undefined || line.spans.some((s) => s.tag?.code);
}

/** The most frequent of some distances, to a tenth of a point; undefined with fewer than `least`. */
function usual(distances: readonly number[], least: number): number | undefined {
  if (distances.length < least) return undefined;
  const counts = new Map<number, number>();
  for (const d of distances) counts.set(Math.round(d * 10), (counts.get(Math.round(d * 10)) ?? 0) + 1);
  const [best] = [...counts].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0]!;
  return best / 10;
}

/**
 * Turns each one-row code draft that stands the usual distance between
 * paragraphs of prose below the prose before it into a paragraph, where
 * the document's listings of two rows or more stand a distance of their own
 * below prose (by {@linkcode APART} or more) and none at the paragraphs'.
 */
export function paragraphSpacedRowsToText(drafts: readonly Draft[]): void {
  const paragraphs: number[] = [], listings: number[] = [];
  for (let i = 1; i < drafts.length; i++) {
    const above = drafts[i - 1]!, below = drafts[i]!;
    if (!endsInProse(above)) continue;
    const d = distanceDown(above, below);
    if (d === undefined) continue;
    if (below.kind === "text" && !isCodeLine(below.lines[0]!)) paragraphs.push(d);
    else if (below.kind === "code" && below.lines.length >= 2 && !markedListing(below.lines[0]!)) {
      listings.push(d);
    }
  }
  const paragraph = usual(paragraphs, MIN_PARAGRAPHS), listing = usual(listings, MIN_LISTINGS);
  if (paragraph === undefined || listing === undefined || Math.abs(paragraph - listing) < APART) return;
  // A listing of several rows at the paragraphs' distance shows that one row there may be one too.
  if (listings.some((d) => Math.abs(d - paragraph) <= TOLERANCE)) return;
  for (let i = 1; i < drafts.length; i++) {
    const above = drafts[i - 1]!, row = drafts[i]!;
    if (
      row.kind !== "code" || row.lines.length !== 1 || markedListing(row.lines[0]!) || !endsInProse(above)
    ) continue;
    const d = distanceDown(above, row);
    if (d !== undefined && Math.abs(d - paragraph) <= TOLERANCE) row.kind = "text";
  }
}
