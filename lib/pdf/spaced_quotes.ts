/**
 * Quotes set apart by space alone. A word processor that leaves no space
 * between paragraphs (AbiWord) sets a block quote flush left in the body's
 * face, size and width, with a blank line's space above it and none below:
 * in a document whose paragraphs follow each other a line's step apart and
 * open with no indent, a paragraph of body text with about two steps above
 * it (below a paragraph, a list or a listing; below a heading or a table, a
 * step more than the least distance a heading, or a table, leaves above a
 * paragraph) stands apart as a quote does.
 *
 * @module
 */
import { allBold, blockId, type Draft, leftEdge } from "./draft.ts";
import { gapBetween } from "./draft_spacing.ts";
import { plainLineText } from "./inline.ts";
import { commandQuotes, isCommandRows } from "./spaced_command_quotes.ts";
import type { Line } from "./types.ts";
import { nextWordFitted } from "./paragraph_lines.ts";
import type { Column } from "./quotes.ts";
import type { DocumentStats } from "./stats.ts";
import { nearSize } from "./stats.ts";
import { replaceRange } from "./append.ts";

/**
 * Most a document's usual gap between two paragraphs may be, in line steps, for it to leave no space
 * (a word processor steps a line holding inline code a few points further: 15 over 13 points).
 */
const UNSPACED_STEPS = 1.2;

/** Least share of the gaps above paragraphs that must be a line's step for a document to leave no space. */
const UNSPACED_SHARE = 0.3;

/** Fewest pairs of paragraphs one after the other that show how a document spaces them. */
const FEWEST_PAIRS = 3;

/** Least space above a paragraph set apart, in line steps (a blank line's space above the usual step). */
const SET_APART_STEPS = 1.65;

/** Most space above a paragraph set apart, in line steps: more is a page's region of its own. */
const MOST_APART_STEPS = 2.6;

/** True when a draft is a paragraph of plain body text (not bold, at body size, untagged). */
function isBodyText(draft: Draft, stats: DocumentStats): boolean {
  const first = draft.lines[0];
  return draft.kind === "text" && !draft.heading && !!first && nearSize(first.size, stats.bodySize) &&
    !allBold(first) && blockId(first) === undefined;
}

/**
 * The step from one line of a paragraph of body text to the next, the
 * median over the document (its line gap counts the space between
 * paragraphs too, where a document has any).
 */
function bodyStep(drafts: readonly Draft[], stats: DocumentStats): number | undefined {
  const dys: number[] = [];
  for (const draft of drafts) {
    if (!isBodyText(draft, stats)) continue;
    for (let k = 1; k < draft.lines.length; k++) {
      const dy = draft.lines[k]!.y - draft.lines[k - 1]!.y;
      if (dy > 0) dys.push(dy);
    }
  }
  return median(dys);
}

/** The median of some numbers, undefined for none. */
function median(values: number[]): number | undefined {
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
}

/**
 * True when a document's paragraphs follow the block above them a line's
 * step apart: of the gaps above its paragraphs of body text (below anything
 * but a heading; not above one already a quote), {@linkcode FEWEST_PAIRS} or more, at least
 * {@linkcode UNSPACED_SHARE} are at most {@linkcode UNSPACED_STEPS} steps (a
 * document of many quotes has as many wider gaps).
 */
function unspacedParagraphs(drafts: readonly Draft[], stats: DocumentStats, step: number): boolean {
  const gaps: number[] = [];
  for (let i = 1; i < drafts.length; i++) {
    const prev = drafts[i - 1]!, draft = drafts[i]!;
    // A quote's own drafts (one wrapped inside a token, parted in two) show nothing of the body's spacing.
    if (prev.heading || draft.quote || !isBodyText(draft, stats)) continue;
    const gap = gapBetween(prev, draft);
    if (gap !== undefined) gaps.push(gap / step);
  }
  const close = gaps.filter((g) => g <= UNSPACED_STEPS).length;
  return gaps.length >= FEWEST_PAIRS && close >= gaps.length * UNSPACED_SHARE;
}

/**
 * What sets the space below a draft: a heading's own space, a table's (its
 * cells' padding and bottom rule below its last line of text), or a block's
 * (a paragraph, a list, a listing).
 */
function kindAbove(draft: Draft): string {
  return draft.heading ? "heading" : draft.kind === "table" ? "table" : "block";
}

/**
 * The least distance, in points, from a heading, and from any other block
 * (a paragraph, a list item, a listing, a table), to a paragraph of body
 * text right under it: a quote stands a blank line further down than that.
 */
function leastBelow(drafts: readonly Draft[], stats: DocumentStats): Map<string, number> {
  const least = new Map<string, number>();
  for (let i = 1; i < drafts.length; i++) {
    if (!isBodyText(drafts[i]!, stats)) continue;
    const kind = kindAbove(drafts[i - 1]!), gap = gapBetween(drafts[i - 1]!, drafts[i]!);
    if (gap !== undefined && gap < (least.get(kind) ?? Infinity)) least.set(kind, gap);
  }
  return least;
}

/** True when a draft stands beside a painted rule (a quote's or a box's bar). */
function besideRule(draft: Draft): boolean {
  return draft.lines.some((line) => line.spans.some((s) => s.bar !== undefined && s.text.trim()));
}

/** Least distance, in ems, every line of a display stands in from its column's left edge. */
const DISPLAY_INSET = 3;

/**
 * True when a draft is a display: no quote, yet every line of it set well in
 * from its column's left edge (a centred equation, with its number at the
 * right margin). TeX leaves a display's own skip below it.
 */
function isDisplay(draft: Draft, column: (draft: Draft) => Column | undefined): boolean {
  const left = column(draft)?.left, size = draft.lines[0]?.size ?? 0;
  if (draft.quote || left === undefined || draft.lines.length === 0) return false;
  return leftEdge(draft) >= left + size * DISPLAY_INSET;
}

/**
 * True when a paragraph may be a quote set apart by space alone: flush with
 * its column's left edge (text set in was judged by its indentation, and a
 * box's text set in past a quote's reach is the box's), below no block
 * beside a painted rule (the space under a ruled box is its padding) and
 * below no display (the space under it is the display's).
 */
function mayStandApart(prev: Draft, draft: Draft, column: (draft: Draft) => Column | undefined): boolean {
  const left = column(draft)?.left, size = draft.lines[0]?.size ?? 0;
  if (left !== undefined && leftEdge(draft) >= left + size * 0.9) return false;
  return !besideRule(prev) && !isDisplay(prev, column);
}

/**
 * Marks as quotes the paragraphs of body text set apart by a blank line's
 * space above them in a document whose paragraphs have none (see the
 * module's comment): {@linkcode SET_APART_STEPS} line steps or more beyond
 * the least a heading, or any other block, leaves above a paragraph, counted from
 * one step. Untagged drafts only; ones already quotes stay so.
 *
 * @param indent The document's first-line indent, if its paragraphs have one: then none is marked.
 * @param column The column a draft stands in, if known: its left edge tells a draft set in
 *   ({@linkcode mayStandApart}), its right one a line ended short on a page of short lines.
 */
export function markSpacedQuotes(
  drafts: Draft[],
  stats: DocumentStats,
  indent: number | undefined,
  column: (draft: Draft) => Column | undefined = () => undefined,
) {
  // Paragraphs that open indented (TeX's) are told apart by that; space above one is a display's.
  if (indent !== undefined) return;
  const step = bodyStep(drafts, stats);
  if (step === undefined || !unspacedParagraphs(drafts, stats, step)) return;
  const least = leastBelow(drafts, stats);
  const right = rightEdges(drafts, stats);
  for (let i = drafts.length - 1; i > 0; i--) {
    const prev = drafts[i - 1]!, draft = drafts[i]!;
    if (isCommandRows(draft, stats) && mayStandApart(prev, draft, column)) {
      // A listing stands a line's step or less below any block: a blank line more is a quote's space.
      const apart = (gapBetween(prev, draft) ?? 0) / step;
      if (apart < SET_APART_STEPS || apart > MOST_APART_STEPS) continue;
      if (drafts[i + 1]?.quote) drafts[i + 1]!.quoteStart = true;
      replaceRange(drafts, i, 1, commandQuotes(draft));
      continue;
    }
    if (draft.quote || !isBodyText(draft, stats) || !mayStandApart(prev, draft, column)) continue;
    const gap = gapBetween(prev, draft), usual = least.get(kindAbove(prev));
    if (gap === undefined || usual === undefined) continue;
    const apart = (gap - usual) / step + 1;
    if (apart < SET_APART_STEPS || apart > MOST_APART_STEPS) continue;
    draft.quote = true;
    // No space below it either: the quote ends at a line with room for the next word, ending a
    // sentence or followed by one opening upper-case (a tagline: `Process execution for humans`),
    // past a lone word opening it (a label, `[!NOTE]`, leading into the quote's text).
    const end = draft.lines.findIndex((line, k) =>
      k < draft.lines.length - 1 && endsQuote(line, draft.lines[k + 1]!, k) &&
      nextWordFitted([line], {
        ...draft.lines[k + 1]!,
        x1: Math.max(right.get(draft.page) ?? line.x1, column(draft)?.right ?? -Infinity),
      })
    );
    if (end >= 0) drafts.splice(i + 1, 0, { ...draft, quote: false, lines: draft.lines.splice(end + 1) });
  }
}

/** True when a quote's line `k`, with room for the next word, may be its last: see {@linkcode markSpacedQuotes}. */
function endsQuote(line: Line, next: Line, k: number): boolean {
  const text = plainLineText(line).trim();
  if (k === 0 && !/\s/.test(text)) return false;
  return /[.!?:]$/.test(text) || /^\p{Lu}/u.test(plainLineText(next).trim());
}

/** The right end of body text on each page: the furthest a line of a paragraph of body text reaches. */
function rightEdges(drafts: readonly Draft[], stats: DocumentStats): Map<number, number> {
  const right = new Map<number, number>();
  for (const draft of drafts) {
    if (!isBodyText(draft, stats)) continue;
    for (const line of draft.lines) {
      right.set(draft.page, Math.max(right.get(draft.page) ?? -Infinity, line.x1));
    }
  }
  return right;
}
