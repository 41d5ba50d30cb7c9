/**
 * Quotes made only of inline code (`> \`npm install x\``), one after another:
 * each is a line of monospace type set in from the margin like any quote,
 * and nothing but where it stands tells it from a listing. A listing inside
 * a quote follows the quote's paragraph (`quoted_listings.ts`); lines set in
 * at the edge of the quote paragraph right after them, with no quote before
 * them, each a paragraph of its own (a blank line's space apart, not a
 * listing's line step), are that quote's kind: quotes of inline code, each
 * one of its own, as the quote after them is.
 *
 * @module
 */
import { type Draft, leftEdge, shadeOf } from "./draft.ts";
import type { DocumentStats } from "./stats.ts";

/** Least distance (ems) lines stand in from the margin for them to be set in as a quote is. */
const SET_IN_EMS = 0.9;

/** How far (pt) the code's left edge may stand from the quote paragraph's after it. */
const SAME_EDGE = 1;

/** Least distance between two rows, in the listing's line steps, for them to be paragraphs apart. */
const PARAGRAPHS_APART = 1.5;

/** True when draft `i` is a quote's paragraph on `page`, not a heading. */
function quoteParagraph(drafts: readonly Draft[], i: number, page: number): boolean {
  const d = drafts[i];
  return !!d && d.kind === "text" && !!d.quote && !d.heading && d.page === page;
}

/**
 * True when code draft `i` is a run of quotes of inline code (see the module
 * comment); `next` tells whether the draft after it is one too.
 */
function quotesOfCode(drafts: readonly Draft[], i: number, stats: DocumentStats, next: boolean): boolean {
  const draft = drafts[i]!, first = draft.lines[0]!, margin = stats.pageMargin?.(draft.page);
  if (draft.kind !== "code" || draft.quote || margin === undefined) return false;
  if (draft.lines.some((l) => l.page !== draft.page || shadeOf(l) !== undefined)) return false;
  if (leftEdge(draft) < margin + first.size * SET_IN_EMS) return false;
  if (!(next || quoteParagraph(drafts, i + 1, draft.page)) || quoteParagraph(drafts, i - 1, draft.page)) {
    return false;
  }
  if (
    drafts[i + 1]!.page !== draft.page || Math.abs(leftEdge(drafts[i + 1]!) - leftEdge(draft)) > SAME_EDGE
  ) {
    return false;
  }
  const step = stats.codeLineGap(first.size) * PARAGRAPHS_APART;
  return draft.lines.every((l, k) => k === 0 || l.y - draft.lines[k - 1]!.y > step);
}

/** Each run of quotes of inline code as quote paragraphs, one quote per line. */
export function quoteCodeRuns(drafts: readonly Draft[], stats: DocumentStats): Draft[] {
  const runs = new Set<number>();
  for (let i = drafts.length - 2; i >= 0; i--) {
    if (quotesOfCode(drafts, i, stats, runs.has(i + 1))) runs.add(i);
  }
  if (runs.size === 0) return [...drafts];
  // The quote after a run is set apart as each of its quotes is: one of its own.
  for (const i of runs) if (!runs.has(i + 1)) drafts[i + 1]!.quoteStart = true;
  return drafts.flatMap((draft, i) =>
    runs.has(i)
      ? draft.lines.map((line): Draft => ({
        kind: "text",
        page: draft.page,
        lines: [line],
        quote: true,
        quoteStart: true,
      }))
      : [draft]
  );
}
