/**
 * Vertical space between drafts, read against the space a plain paragraph
 * gets after the same kind of block. TeX puts 3.25 ex before its fourth and
 * fifth heading levels where a paragraph gets only the paragraph skip, so a
 * bold line at body size with more space above it than a paragraph would
 * have is one of those headings standing on its own line (before a list, a
 * listing or another heading), not bold text.
 *
 * @module
 */
import { allBold, type Draft } from "./draft.ts";
import { runInSplit } from "./run_in.ts";
import { breakBetween } from "./thematic_breaks.ts";
import type { DocumentStats } from "./stats.ts";
import { nearSize, sizeKey } from "./stats.ts";

/** What sets the space below a draft: its kind, its last line's size and weight. */
function kindOf(draft: Draft): string {
  const last = draft.lines.at(-1)!;
  return `${draft.kind}|${sizeKey(last.size)}|${allBold(last) ? "b" : "r"}`;
}

/**
 * Baseline distance from a draft's last line to the next draft's first, when
 * both are on one page; from the thematic break between them where one
 * stands there (its margins are no space the next draft takes for itself).
 */
export function gapBetween(draft: Draft, next: Draft): number | undefined {
  const last = draft.lines.at(-1), first = next.lines[0];
  if (!last || !first || first.page !== last.page || first.y <= last.y) return undefined;
  return first.y - (breakBetween(draft, next) ?? last.y);
}

/**
 * True when a draft is a plain paragraph of body text: not bold, at body
 * size, and not opening with a run-in heading (which has a heading's space
 * above it).
 */
function isBodyParagraph(draft: Draft, stats: DocumentStats): boolean {
  const first = draft.lines[0];
  return draft.kind === "text" && !!first && nearSize(first.size, stats.bodySize) &&
    !allBold(first) && runInSplit(first) < 0;
}

/**
 * For each draft, whether it has more space above it than a body paragraph
 * gets after a block of the same kind as the one before it: true or false
 * where the document shows that space, undefined where it cannot tell (first
 * on its page, after a heading, or where no paragraph follows a block).
 */
export function spacedAbove(drafts: readonly Draft[], stats: DocumentStats): Array<boolean | undefined> {
  // Below a paragraph, a list, a listing or a table most producers leave one space before a
  // paragraph: measured for each kind, and pooled for kinds seen too seldom.
  const usual = new Map<string, Map<number, number>>();
  const pooled = new Map<number, number>();
  const add = (histogram: Map<number, number>, gap: number) =>
    histogram.set(sizeKey(gap), (histogram.get(sizeKey(gap)) ?? 0) + 1);
  for (let i = 1; i < drafts.length; i++) {
    const prev = drafts[i - 1]!;
    const gap = gapBetween(prev, drafts[i]!);
    if (gap === undefined || isHeadingLike(prev, stats) || !isBodyParagraph(drafts[i]!, stats)) continue;
    if (breakBetween(prev, drafts[i]!) !== undefined) continue;
    const histogram = usual.get(kindOf(prev)) ?? new Map<number, number>();
    add(histogram, gap);
    usual.set(kindOf(prev), histogram);
    add(pooled, gap);
  }
  const block = pooled.size ? mode(pooled) : undefined;
  const paragraphs = new Map<string, number | undefined>();
  return drafts.map((draft, i) => {
    const prev = drafts[i - 1];
    const gap = prev && gapBetween(prev, draft);
    // TeX adds no space of its own before a heading right under another: the space below a
    // heading tells nothing of what follows.
    if (gap === undefined || isHeadingLike(prev!, stats)) return undefined;
    // One sample of a kind may be an outlier (a figure between two paragraphs): the pool is steadier.
    const kind = kindOf(prev!);
    if (!paragraphs.has(kind)) {
      const own = usual.get(kind);
      paragraphs.set(kind, own && [...own.values()].reduce((a, b) => a + b, 0) >= 2 ? mode(own) : block);
    }
    const paragraph = paragraphs.get(kind);
    if (paragraph === undefined) return undefined;
    // TeX's 3.25 ex against a 6 pt paragraph skip leaves about 0.8 em more; stretch takes little of it.
    return gap >= paragraph + stats.bodySize * 0.4;
  });
}

/** True when a draft may be a heading: text set bold or larger than the body. */
function isHeadingLike(draft: Draft, stats: DocumentStats): boolean {
  return draft.kind === "text" && !isBodyParagraph(draft, stats);
}

/** The most frequent key of a histogram, the smaller on a tie. */
function mode(histogram: Map<number, number>): number {
  return [...histogram].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
}
