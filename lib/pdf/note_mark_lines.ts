/**
 * A footnote's mark TeX hangs left of the note's text, raised and smaller
 * (AASTeX's notes at a page's foot: `∗`, `a)`, `1`), stands on a baseline of
 * its own: read apart, the mark became a paragraph of its own before its
 * text, or the first cells of a table of marks and texts. A mark is the
 * opening word of its note.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { raisedAndSmaller } from "./raised_mark.ts";
import type { Line } from "./types.ts";

/**
 * A note's mark: a number, up to three reference symbols, or a letter with a parenthesis (`1`, `∗`,
 * `††`, `a)`). One spelling for the mark standing alone (here) and for the mark opening a note's
 * text ({@linkcode NOTE_MARK_OPENING}).
 */
export const NOTE_MARK_PATTERN = String.raw`\d{1,3}|[*∗†‡§¶]{1,3}|\p{Ll}\)`;

/** A line that is a note's mark alone. */
const NOTE_MARK = new RegExp(`^(?:${NOTE_MARK_PATTERN})$`, "u");

/**
 * A note's mark opening its text, a space after it (`1 For portable code`, `∗ Corresponding`): a note at a
 * page's foot that its mark opens (`heading_over_notes.ts`), whose lines hang under the mark as a
 * bibliography's entries do (`hanging_runs.ts`). Tested on a line's trimmed text.
 */
export const NOTE_MARK_OPENING = new RegExp(`^(?:${NOTE_MARK_PATTERN})(?:\\s|$)`, "u");

/** Largest share of its text's size a note's mark is set at. */
const MARK_SHARE = 0.9;

/** Most a note's mark stands raised above its text's baseline, in ems of the text: more is a line above. */
const RAISED_MAX_EM = 0.6;

/**
 * True when `mark` is a footnote's mark and `text` its text: the mark set
 * raised and smaller, left of the text where TeX hangs it, on a baseline of
 * its own or in one row with the text.
 */
export function isNoteMark(mark: Line, text: Line | undefined): boolean {
  if (!text || text.page !== mark.page || text.x0 <= mark.x1) return false;
  if (!NOTE_MARK.test(plainLineText(mark).trim())) return false;
  return raisedAndSmaller(mark, text, MARK_SHARE, RAISED_MAX_EM);
}

/** Closest, in ems of the note's text, a mark stands left of its text: TeX hangs it a gap away. */
const MARK_GAP_EM = 2.5;

/**
 * Joins each paragraph of a lone note's mark to the paragraph of the note's
 * text right after it (see the module's comment).
 */
export function joinNoteMarks(drafts: readonly Draft[]): Draft[] {
  const out: Draft[] = [];
  for (let i = 0; i < drafts.length; i++) {
    const draft = drafts[i]!, next = drafts[i + 1];
    const mark = draft.lines[0]!, text = next?.lines[0];
    if (
      draft.kind === "text" && draft.lines.length === 1 && next?.kind === "text" && isNoteMark(mark, text) &&
      text!.x0 - mark.x1 <= text!.size * MARK_GAP_EM
    ) {
      next.lines.unshift(mark);
      continue;
    }
    out.push(draft);
  }
  return out;
}
