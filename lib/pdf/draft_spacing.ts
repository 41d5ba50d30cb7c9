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
import type { DocumentStats } from "./stats.ts";
import { sizeKey } from "./stats.ts";

/** What sets the space below a draft: its kind, its last line's size and weight. */
function kindOf(draft: Draft): string {
  const last = draft.lines.at(-1)!;
  return `${draft.kind}|${sizeKey(last.size)}|${allBold(last) ? "b" : "r"}`;
}

/** Baseline distance from a draft's last line to the next draft's first, when both are on one page. */
export function gapBetween(draft: Draft, next: Draft): number | undefined {
  const last = draft.lines.at(-1), first = next.lines[0];
  return last && first && first.page === last.page && first.y > last.y ? first.y - last.y : undefined;
}

/** True when a draft is a plain paragraph of body text: not bold, at body size. */
function isBodyParagraph(draft: Draft, stats: DocumentStats): boolean {
  const first = draft.lines[0];
  return draft.kind === "text" && !!first && Math.abs(sizeKey(first.size) - sizeKey(stats.bodySize)) <= 0.5 &&
    !allBold(first);
}

/**
 * For each draft, whether it has more space above it than a body paragraph
 * gets after a block of the same kind as the one before it: true or false
 * where the document shows that space, undefined where it cannot tell (first
 * on its page, or after a kind of block no paragraph follows).
 */
export function spacedAbove(drafts: readonly Draft[], stats: DocumentStats): Array<boolean | undefined> {
  const usual = new Map<string, Map<number, number>>();
  for (let i = 1; i < drafts.length; i++) {
    const gap = gapBetween(drafts[i - 1]!, drafts[i]!);
    if (gap === undefined || !isBodyParagraph(drafts[i]!, stats)) continue;
    const histogram = usual.get(kindOf(drafts[i - 1]!)) ?? new Map<number, number>();
    histogram.set(sizeKey(gap), (histogram.get(sizeKey(gap)) ?? 0) + 1);
    usual.set(kindOf(drafts[i - 1]!), histogram);
  }
  const mode = new Map<string, number>();
  for (const [kind, histogram] of usual) {
    mode.set(kind, [...histogram].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0]);
  }
  // After a list, a listing or a table no paragraph may follow: most producers then leave what
  // they leave between two paragraphs. After a heading they leave a space of its own.
  const between = drafts.find((d) => isBodyParagraph(d, stats));
  const fallback = between && mode.get(kindOf(between));
  return drafts.map((draft, i) => {
    const prev = drafts[i - 1];
    const gap = prev && gapBetween(prev, draft);
    const paragraph = prev && (mode.get(kindOf(prev)) ?? (prev.kind === "text" ? undefined : fallback));
    if (gap === undefined || paragraph === undefined) return undefined;
    // TeX's 3.25 ex against a 6 pt paragraph skip leaves about 0.8 em more; stretch takes little of it.
    return gap >= paragraph + stats.bodySize * 0.4;
  });
}
