/**
 * What an outline that lists a document's headings says about the headings it
 * leaves out. The lines it points at show how the document sets a heading:
 * where on the column it starts, how large the largest is, what words its
 * typesetter puts before the title (section numbers, "Chapter 4"). A line
 * typography took for a heading that breaks those habits is something else:
 *
 * - (before the first heading the outline names, only the title is a
 *   heading: `title_block.ts` finds and places it, and makes the rest of the
 *   front matter text);
 * - a line set in from the column's edge where every heading the outline names
 *   starts at it is a box's or a quote's label ("Note", "Caution"): the
 *   callout labels' set-in evidence (`callouts.ts`);
 * - a label standing alone over a heading the outline names ("Chapter 4") or a
 *   bare number is part of that heading's furniture;
 * - (a section number or label the typesetter put before a heading whose title
 *   the outline spells without it is dropped from the finished heading, for
 *   every document, by `section_numbers.ts`);
 * - a heading the outline nests one level short (it skips a level, which a
 *   tree cannot show) takes the level its style is the style of, or the
 *   level below the looks that outrank it (`heading_ranks.ts`); in a
 *   tagged document whose tree tags no heading, only this ranking runs.
 *
 * Levels the outline does not reach are `markHeadings`' (`heading_marks.ts`).
 *
 * @module
 */
import { unheadSetInLabels } from "./callouts.ts";
import type { Draft } from "./draft.ts";
import { headingLook, lookKey, rankSkippedLevels } from "./heading_ranks.ts";
import { plainLineText } from "./inline.ts";
import { LABEL } from "./section_numbers.ts";
import type { DocumentStats } from "./stats.ts";
import type { PageText } from "./types.ts";
import { greatest } from "./extremes.ts";

/** How many headings the outline must be found to point at before its habits are trusted. */
const LISTED = 3;

/**
 * True when the document is untagged and its outline lists its headings: at
 * least {@linkcode LISTED} of them are found on the pages. A ruled table's
 * cells, labelled from its rules as a tagged table's are (`rulings.ts`), are
 * no structure tree.
 */
export function listsHeadings(drafts: readonly Draft[]): boolean {
  const anchored = drafts.filter((d) => d.outlined && d.kind === "text");
  return anchored.length >= LISTED &&
    !drafts.some((d) => d.lines.some((l) => l.spans.some((s) => s.tag && !s.tag.cell)));
}

/**
 * Settles the headings of an untagged document whose outline lists them (see
 * the module comment), and ranks the outline's levels by look in a tagged one
 * whose tree tags no heading. Runs after `markHeadings` and `placeTitle`
 * (`title_block.ts`, which settles the front matter).
 */
export function settleOutlineHeadings(
  drafts: Draft[],
  pages: readonly PageText[],
  stats: DocumentStats,
): void {
  if (!listsHeadings(drafts)) return rankUntreedHeadings(drafts);
  const anchored = drafts.filter((d) => d.outlined && d.kind === "text");
  deepenSkippedLevels(anchored);
  rankSkippedLevels(anchored);
  const first = drafts.indexOf(anchored[0]!);
  dropLabels(drafts);
  unheadSetInLabels(drafts.slice(first), anchored, pages, stats);
}

/**
 * A tagged document whose structure tree tags no heading (a LaTeX README
 * whose tagging marks paragraphs and lists, not sections) has its outline's
 * levels and nothing else: a section the source opens with a level-two
 * heading, before any first level, is nested at the outline's top. Its
 * headings' looks still rank (`heading_ranks.ts`); the rest of the outline's
 * habits are left to the tree's own tags.
 */
function rankUntreedHeadings(drafts: readonly Draft[]) {
  const anchored = drafts.filter((d) => d.outlined && d.kind === "text");
  const treeHeads = drafts.some((d) => d.lines.some((l) => l.spans.some((s) => s.tag?.heading)));
  if (anchored.length >= LISTED && !treeHeads) rankSkippedLevels(anchored);
}

/** A draft's typography as a key (see `headingLook`); a heading set wholly in code has none of its own. */
function styleOf(draft: Draft): string {
  const look = headingLook(draft);
  return look === undefined ? "code" : lookKey(look);
}

/**
 * An outline is a tree: a heading that skips a level (a third level right
 * under a first) is nested as its parent's child, one level short. Where the
 * document sets each level in a style of its own, the style tells: a heading
 * the outline puts at a level whose other headings are mostly set otherwise,
 * in a style the outline puts at a deeper level at least twice as often,
 * takes that deeper level.
 */
function deepenSkippedLevels(anchored: readonly Draft[]) {
  const tally = new Map<string, Map<number, number>>();
  for (const draft of anchored) {
    const byLevel = tally.get(styleOf(draft)) ?? new Map<number, number>();
    byLevel.set(draft.heading!, (byLevel.get(draft.heading!) ?? 0) + 1);
    tally.set(styleOf(draft), byLevel);
  }
  const count = (style: string, level: number) => tally.get(style)?.get(level) ?? 0;
  const moves = new Map<Draft, number>();
  for (const draft of anchored) {
    const style = styleOf(draft), level = draft.heading!;
    const [deeper, most] = [...tally.get(style)!].sort((a, b) => b[1] - a[1])[0]!;
    if (deeper <= level || most < 2 || most < count(style, level) * 2) continue;
    // The level's own style: more of its headings are set in another one.
    const others = [...tally].filter(([s]) => s !== style).map(([s]) => count(s, level));
    if (Math.max(0, greatest(others)) > count(style, level)) moves.set(draft, deeper);
  }
  for (const [draft, level] of moves) draft.heading = level;
}

/** Makes a heading text again. */
function unhead(draft: Draft) {
  delete draft.heading;
  delete draft.runIn;
}

/** The draft's text, its lines joined by spaces. */
function textOf(draft: Draft): string {
  return draft.lines.map(plainLineText).join(" ");
}

/**
 * Takes a headings' label alone ("Chapter 4", a bare number) over a heading
 * the outline names, and any heading without a letter, out of the headings.
 */
function dropLabels(drafts: readonly Draft[]) {
  drafts.forEach((draft, i) => {
    if (!draft.heading || draft.outlined) return;
    const text = textOf(draft).trim();
    const next = drafts[i + 1];
    const overAnchored = next?.outlined !== undefined && next.page === draft.page;
    if (!/\p{L}/u.test(text) || (overAnchored && LABEL.exec(text)?.[0] === text)) unhead(draft);
  });
}
