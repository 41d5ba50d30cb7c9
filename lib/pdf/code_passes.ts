/**
 * Passes over code drafts once all pages are cut: a line of inline code that
 * an HTML engine sets outside the shading its listings sit on is a paragraph,
 * and code ending one page continues on the next only when the page had no
 * room for another of its lines.
 *
 * @module
 */
import { type Draft, shadeOf } from "./draft.ts";
import { atProseLineStep } from "./code_lines.ts";
import { isWrappedRow } from "./code_row_gaps.ts";
import { type DocumentStats, nearSize } from "./stats.ts";

/**
 * Turns a one-line code draft into a paragraph when the document's listings
 * sit on shaded areas and this line does not: an HTML engine paints the
 * background of every listing, not of inline code, so the line is a
 * paragraph made only of inline code. A listing painted larger than half a
 * page is left unshaded by extraction (it could be a page background), and
 * such a listing may run onto a page with one line, so a line opening or
 * ending its page stays code.
 */
export function unshadedCodeToText(drafts: Draft[]) {
  if (!drafts.some((d) => d.kind === "code" && d.lines.some((l) => shadeOf(l) !== undefined))) return;
  drafts.forEach((draft, i) => {
    if (draft.kind !== "code" || draft.lines.length !== 1) return;
    const line = draft.lines[0]!;
    if (shadeOf(line) !== undefined || line.spans.some((s) => s.tag?.code)) return;
    const before = drafts[i - 1]?.lines.at(-1), after = drafts[i + 1]?.lines[0];
    if (before?.page !== line.page || after?.page !== line.page) return;
    draft.kind = "text";
  });
}

/**
 * Turns a code draft into a paragraph when each of its rows stands at body
 * text's line step below the one before, not at code's own: a paragraph
 * made only of inline code, wrapped over several rows in a narrow column.
 * Only where code keeps a line step of its own ({@linkcode atProseLineStep}).
 */
export function proseSpacedCodeToText(drafts: readonly Draft[], stats: DocumentStats) {
  for (const draft of drafts) {
    if (draft.kind !== "code" || draft.lines.length < 2) continue;
    const rows = draft.lines;
    const spaced = rows.slice(1).every((line, k) =>
      line.page === rows[k]!.page && atProseLineStep(line.y - rows[k]!.y, stats.bodySize, line.size, stats)
    );
    if (spaced && !rows.some((l) => shadeOf(l) !== undefined || l.spans.some((s) => s.tag?.code))) {
      draft.kind = "text";
    }
  }
}

/**
 * The lowest baseline that running text reaches on any page: of a line of
 * code or body text set below another line of its own block, so that a page
 * number standing apart or a footnote set smaller under the text does not
 * count. A page ending higher than this by a line or more had room for
 * another line.
 */
export function lowestRunningLine(drafts: readonly Draft[], stats: DocumentStats): number {
  let lowest = 0;
  for (const draft of drafts) {
    if (draft.kind !== "code" && !nearSize(draft.lines[0]?.size ?? 0, stats.bodySize)) continue;
    for (let k = 1; k < draft.lines.length; k++) {
      const line = draft.lines[k]!;
      if (line.page === draft.lines[k - 1]!.page && line.y > lowest) lowest = line.y;
    }
  }
  return lowest;
}

/** How many rows the first source line of a listing takes: its wrapped rows set closer under it go with it. */
function firstLineRows(draft: Draft, stats: DocumentStats): number {
  const gaps = stats.codeRowGaps?.(draft.lines[0]!.size);
  let rows = 1;
  while (rows < draft.lines.length && isWrappedRow(draft.lines[rows]!.y - draft.lines[rows - 1]!.y, gaps)) {
    rows++;
  }
  return rows;
}

/** Least distance, in ems, between a listing's row and the next column's edge (a hanging indent is 5 at most). */
const COLUMN_TURN_EMS = 8;

/**
 * True when `next` opens the next column of the page `prev` ends on: it
 * stands higher than `prev`'s last row, and right of where every row of
 * `prev` on that page starts, by more than a hanging indent (a row too long
 * for its column may run on past where the next column starts).
 */
function turnsColumn(prev: Draft, next: Draft): boolean {
  const last = prev.lines.at(-1)!, first = next.lines[0]!;
  if (first.page !== last.page || first.y >= last.y) return false;
  return prev.lines.every((l) => l.page !== last.page || first.x0 - l.x0 > l.size * COLUMN_TURN_EMS);
}

/**
 * True when code draft `next`, opening a page (or the next column of one), goes on with code draft
 * `prev`, ending the page before. A page turn breaks a listing only where
 * its next line no longer fits, so a listing whose next line would have
 * stood above the lowest running line of the document ended on its page,
 * and `next` is another listing. Room for one line is left when the listing
 * goes on: TeX keeps a listing's last line from standing alone atop a page
 * (its widow penalty) by carrying the line before it over too, and a blank
 * line of the listing may fill that room unseen. A single line atop the next
 * page is then another listing, as it would have fitted in the room; two or
 * more go on, since another listing needs its first line and the space
 * before it. Where an engine keeps a source line's wrapped rows together
 * (an HTML engine's box per line), the room must hold all of them.
 */
export function codeRunsOn(prev: Draft, next: Draft, lowest: number, stats: DocumentStats): boolean {
  const last = prev.lines.at(-1)!;
  if (next.page !== last.page + 1 && !turnsColumn(prev, next)) return false;
  const room = Math.floor((lowest + 0.5 - last.y) / stats.codeLineGap(last.size));
  return room <= 0 || room < firstLineRows(next, stats) || (room === 1 && next.lines.length >= 2);
}
