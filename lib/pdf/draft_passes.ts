/**
 * Passes over a document's drafts once all pages are cut: outline lines split
 * apart, and paragraphs and code joined across page turns. Headings are
 * marked in `heading_marks.ts`, block quotes in `quote_marks.ts`.
 *
 * @module
 */
import { codeRunsOn, lowestRunningLine } from "./code_passes.ts";
import { markWrappedOverTurn } from "./code_turn_wraps.ts";
import { pageBottom } from "./page_bottom.ts";
import type { Draft } from "./draft.ts";
import { matchKey } from "./headings.ts";
import { plainLineText } from "./inline.ts";
import { floatBeforeRunOn } from "./float_turns.ts";
import { runsOnAcrossTurn } from "./page_turns.ts";
import { isMarkedFootNote } from "./heading_over_notes.ts";
import { paragraphIndent, runsOnPastFullStop } from "./full_stop_turns.ts";
import type { DocumentStats } from "./stats.ts";
import type { OutlineEntry } from "./types.ts";
import { append } from "./append.ts";

/**
 * Splits a paragraph whose every line is an outline title into one block per
 * line: consecutive headings in the same style read as one paragraph.
 */
export function splitOutlineLines(drafts: Draft[], outline: readonly OutlineEntry[]): Draft[] {
  if (outline.length === 0) return drafts;
  const titles = new Set(outline.map((e) => matchKey(e.title)));
  return drafts.flatMap((draft) =>
    draft.kind === "text" && draft.lines.length > 1 &&
      draft.lines.every((l) => titles.has(matchKey(plainLineText(l))))
      ? draft.lines.map((line) => ({ ...draft, lines: [line] }))
      : [draft]
  );
}

/** The right edge of the text of the last page's drafts (`drafts` end on page `page`). */
function textRight(drafts: readonly Draft[], page: number): number {
  let right = -Infinity;
  for (let k = drafts.length - 1; k >= 0 && drafts[k]!.page === page; k--) {
    for (const l of drafts[k]!.lines) right = Math.max(right, l.x1);
  }
  return right;
}

/**
 * Joins a paragraph or list item broken by a page turn (see
 * {@linkcode runsOnAcrossTurn}), over a float heading the next page (see
 * {@linkcode floatBeforeRunOn}), and code running on from one page to the
 * next (see {@linkcode codeRunsOn}).
 */
export function joinAcrossPages(drafts: Draft[], stats: DocumentStats): Draft[] {
  const out: Draft[] = [];
  const lowest = pageBottom(drafts, lowestRunningLine(drafts, stats), stats);
  let indent: number | undefined | null = null;
  const runsOn = (prev: Draft, draft: Draft) =>
    runsOnAcrossTurn(prev, draft, () => textRight(out, prev.page)) ||
    runsOnPastFullStop(
      prev,
      draft,
      indent === null ? (indent = paragraphIndent(drafts)) : indent,
      () => textRight(out, prev.page),
    );
  for (let i = 0; i < drafts.length; i++) {
    const draft = drafts[i]!;
    const last = out[out.length - 1];
    const lastOfPage = last !== undefined && out.findLast((d) => d.page === last.page) === last;
    // The notes a page's foot sets under a paragraph the turn breaks stand between its parts: it goes on.
    const prev = lastOfPage && isMarkedFootNote(last, stats)
      ? out.findLast((d) => d.page === last.page && !isMarkedFootNote(d, stats))
      : last;
    // A float heading the page between the paragraph's halves follows the paragraph made whole; a block of the
    // float's own (a sub-figure's label, `(a)`) is no run-on, though it opens lower-case.
    const float = prev && lastOfPage && draft.page === prev.page + 1
      ? floatBeforeRunOn(drafts, i, prev, runsOn)
      : 0;
    if (prev && float > 0) {
      append(prev.lines, drafts[i + float]!.lines);
      append(out, drafts.slice(i, i + float));
      i += float;
      continue;
    }
    if (prev && lastOfPage && runsOn(prev, draft)) {
      append(prev.lines, draft.lines);
      continue;
    }
    // Code that ends one page where no further line fits and opens the next is one block broken by the turn.
    if (prev?.kind === "code" && draft.kind === "code" && codeRunsOn(prev, draft, lowest, stats)) {
      if (prev === last) markWrappedOverTurn(out, draft, stats);
      append(prev.lines, draft.lines);
      continue;
    }
    out.push(draft);
  }
  return out;
}
