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

/** True when `d` is `at` to within {@linkcode TOLERANCE}. */
function near(d: number | undefined, at: number): boolean {
  return d !== undefined && Math.abs(d - at) <= TOLERANCE;
}

/** True when the second row of a code draft stands `listing` below its first: the first is a paragraph above it. */
function opensAbove(draft: Draft, listing: number): boolean {
  const [first, second] = draft.lines;
  return second !== undefined && first!.page === second.page && near(second.y - first!.y, listing);
}

/**
 * The usual distances below the prose before them of paragraphs of prose and
 * of listings of two rows or more, where they tell one from the other: apart
 * by {@linkcode APART} or more, and no listing at the paragraphs' distance
 * (but one whose first row is itself such a paragraph, standing the
 * listings' distance above the rest).
 */
function distancesBelowProse(drafts: readonly Draft[]): { paragraph: number; listing: number } | undefined {
  const paragraphs: number[] = [], listings: Array<[number, Draft]> = [];
  for (let i = 1; i < drafts.length; i++) {
    const above = drafts[i - 1]!, below = drafts[i]!;
    if (!endsInProse(above)) continue;
    const d = distanceDown(above, below);
    if (d === undefined) continue;
    if (below.kind === "text" && !isCodeLine(below.lines[0]!)) paragraphs.push(d);
    else if (below.kind === "code" && below.lines.length >= 2 && !markedListing(below.lines[0]!)) {
      listings.push([d, below]);
    }
  }
  const paragraph = usual(paragraphs, MIN_PARAGRAPHS),
    listing = usual(listings.map(([d]) => d), MIN_LISTINGS);
  if (paragraph === undefined || listing === undefined || Math.abs(paragraph - listing) < APART) {
    return undefined;
  }
  // A listing of several rows at the paragraphs' distance shows that one row there may be one too.
  if (listings.some(([d, draft]) => near(d, paragraph) && !opensAbove(draft, listing))) return undefined;
  return { paragraph, listing };
}

/**
 * Turns each code row that stands the usual distance between paragraphs of
 * prose below the prose before it into a paragraph, where the document's
 * listings stand a distance of their own below prose
 * ({@linkcode distancesBelowProse}): a one-row code draft, or the first row
 * of one whose next row stands the listings' distance below it (the
 * paragraph, then the listing it introduces, read as one block).
 */
export function paragraphSpacedRowsToText(drafts: readonly Draft[]): Draft[] {
  const distances = distancesBelowProse(drafts);
  if (!distances) return [...drafts];
  const out: Draft[] = [];
  for (const [i, draft] of drafts.entries()) {
    const above = drafts[i - 1];
    const row = draft.lines[0];
    const candidate = draft.kind === "code" && row !== undefined && !markedListing(row) &&
      above !== undefined &&
      endsInProse(above) && near(distanceDown(above, draft), distances.paragraph);
    if (candidate && draft.lines.length === 1) draft.kind = "text";
    else if (candidate && opensAbove(draft, distances.listing)) {
      out.push({ ...draft, kind: "text", lines: [row] });
      out.push({ ...draft, lines: draft.lines.slice(1) });
      continue;
    }
    out.push(draft);
  }
  return out;
}
