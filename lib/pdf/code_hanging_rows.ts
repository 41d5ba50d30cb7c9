/**
 * A row of code that opens a paragraph set with a hanging indent: an index
 * entry naming a command or an option (`alignedleftspaceyesifneg` / `option,
 * 4`), whose name filled the column so the rest wrapped onto the next line,
 * set in under it. The row is wholly code and stands alone, so it was read
 * as a listing of one row and its page numbers as a paragraph of their own.
 * A listing's row is followed by space or by a row of its own; what tells
 * the entry is prose straight under the row (no space between), set in
 * further than the row, whose first word would not have fitted after the
 * row within the column: the row was full, and the line goes on with it.
 * So with a paragraph that opens with a token of inline code filling its
 * line, the words after it straight under it, set flush.
 *
 * @module
 */
import { type Draft, isCodeLine, shadeOf } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { nextWordFitted } from "./paragraph_lines.ts";
import type { DocumentStats } from "./stats.ts";
import type { Line } from "./types.ts";

/** Least set-in, in ems of the row, of a hanging indent's lines. */
const HANG_EMS = 0.5;

/** How far, in ems of the row, a line may start from the row's left edge and stand in its column. */
const COLUMN_EMS = 3;

/** Most step, in the document's line steps, from the row to the line it goes on in: no space between. */
const STEP_SLACK = 1.15;

/** True when `below` stands straight under `above` on its page, at no more than a line's step. */
function straightUnder(above: Line, below: Line, stats: DocumentStats): boolean {
  const dy = below.y - above.y;
  return above.page === below.page && dy > 0 && dy <= stats.lineGap(below.size) * STEP_SLACK;
}

/**
 * Joins each one-row code draft, unshaded and untagged, that opens a
 * paragraph with a hanging indent to the text draft after it (see the
 * module's comment); the row stays code inside the paragraph.
 */
export function joinHangingRows(drafts: readonly Draft[], stats: DocumentStats): Draft[] {
  const out: Draft[] = [];
  for (let i = 0; i < drafts.length; i++) {
    const draft = drafts[i]!, after = drafts[i + 1];
    if (
      draft.kind === "code" && draft.lines.length === 1 && after?.kind === "text" &&
      opensHanging(drafts, i, stats)
    ) {
      out.push({ ...after, lines: [draft.lines[0]!, ...after.lines] });
      i++;
      continue;
    }
    if (draft.kind === "code" && after?.kind === "text" && opensFlush(drafts, i, stats)) {
      // The row leaves its listing (a blank's space above it) for the paragraph it opens.
      if (draft.lines.length > 1) out.push({ ...draft, lines: draft.lines.slice(0, -1) });
      out.push({ ...after, lines: [draft.lines.at(-1)!, ...after.lines] });
      i++;
      continue;
    }
    out.push(draft);
  }
  return out;
}

/** Least distance, in the listing's line steps, between a listing's row and a row a blank line below it. */
const BLANK_STEPS = 1.5;

/**
 * True when the last row of the code draft at `i` is one token of inline
 * code opening the paragraph after it, set flush: the token filled its
 * line, so the paragraph's words went on in the next line, straight under
 * it at the row's left edge, the first of them too wide to have fitted after
 * it. The row stands a blank line below the listing it was read with
 * (`prefixLengthFromSubnetMask()` / `will return a CIDR prefix…`).
 */
function opensFlush(drafts: readonly Draft[], i: number, stats: DocumentStats): boolean {
  const draft = drafts[i]!, row = draft.lines.at(-1)!, below = drafts[i + 1]!.lines[0];
  if (!below || isCodeLine(below) || shadeOf(row) !== undefined || row.spans.some((s) => s.tag?.code)) {
    return false;
  }
  if (/\s/.test(plainLineText(row).trim()) || Math.abs(below.x0 - row.x0) > 1) return false;
  if (!straightUnder(row, below, stats)) return false;
  // Read with the listing a blank line above it: a one-row listing may stand flush over a paragraph.
  const above = draft.lines.at(-2);
  if (!above || above.page !== row.page || row.y - above.y <= stats.codeLineGap(row.size) * BLANK_STEPS) {
    return false;
  }
  // Measured by the column's prose: a listing's row may run on past its edge.
  return !nextWordFitted([row], below, columnRight(drafts, i, row, true));
}

/** True when the one-row code draft at `i` opens the hanging paragraph after it. */
function opensHanging(drafts: readonly Draft[], i: number, stats: DocumentStats): boolean {
  const row = drafts[i]!.lines[0]!, after = drafts[i + 1]!;
  const below = after.lines[0];
  if (!below || isCodeLine(below) || shadeOf(row) !== undefined || row.spans.some((s) => s.tag?.code)) {
    return false;
  }
  if (below.x0 < row.x0 + row.size * HANG_EMS || !straightUnder(row, below, stats)) return false;
  // A listing resuming at or right of the row's edge under the prose makes the prose a note inside a listing
  // (`[omitted statements]`), not an entry's rest.
  const resumed = drafts[i + 2]?.lines[0];
  if (drafts[i + 2]?.kind === "code" && resumed && resumed.x0 >= row.x0 - 1) {
    if (straightUnder(after.lines.at(-1)!, resumed, stats)) return false;
  }
  return !nextWordFitted([row], below, columnRight(drafts, i, row));
}

/**
 * The right end of the column `row` stands in: where the page's lines that
 * start near its left edge reach (an index's other entries, or the prose of
 * a description set in under it), so that a short row beside short lines is
 * not taken for a full one. Only its prose, where `proseOnly`.
 */
function columnRight(drafts: readonly Draft[], i: number, row: Line, proseOnly = false): number {
  let right = row.x1;
  const reach = (draft: Draft) => {
    for (const line of draft.lines) {
      if (proseOnly && isCodeLine(line)) continue;
      if (Math.abs(line.x0 - row.x0) <= row.size * COLUMN_EMS) right = Math.max(right, line.x1);
    }
  };
  // Drafts come page by page: the row's page's are the ones around it.
  for (let k = i; k >= 0 && drafts[k]!.page === row.page; k--) reach(drafts[k]!);
  for (let k = i + 1; k < drafts.length && drafts[k]!.page === row.page; k++) reach(drafts[k]!);
  return right;
}
