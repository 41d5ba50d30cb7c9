/**
 * A heading at a page's foot over the page's notes. Where a section opens at
 * the bottom of a page (a paper's introduction under its title block), the
 * page's footnotes stand between the heading and the section's text, which
 * begins on the next page: read in the page's order, the notes came under
 * the heading, before its first paragraph. The heading goes after them, over
 * the text it heads. Where the next page goes on in the same smaller type,
 * the smaller text is the section's own (a bibliography set small), and the
 * heading stays over it.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { allNotes } from "./tagged_resumes.ts";
import { NOTE_MARK_OPENING } from "./note_mark_lines.ts";
import type { DocumentStats } from "./stats.ts";

/** Largest share of body size a note is set at: TeX sets notes at 8 points under 10. */
const NOTE_SIZE = 0.9;

/** True when `draft` is a note at a page's foot: the tree files it under a note, or it is set smaller than the body. */
export function isFootNote(draft: Draft, stats: DocumentStats): boolean {
  return draft.kind === "text" && draft.heading === undefined &&
    (allNotes(draft) || draft.lines.every((l) => l.size <= stats.bodySize * NOTE_SIZE));
}

/**
 * True when `draft` is a note at a page's foot that its mark opens: one the
 * tree files under a note, or set smaller than the body opening with a
 * note's mark (a caption or a table's note, smaller too, opens with a word).
 */
export function isMarkedFootNote(draft: Draft, stats: DocumentStats): boolean {
  return allNotes(draft) ||
    (isFootNote(draft, stats) && NOTE_MARK_OPENING.test(plainLineText(draft.lines[0]!)));
}

/**
 * Moves a heading that only notes follow on its page to after those notes,
 * when the next page goes on with text (see the module's comment).
 */
export function headingsOverNotes(drafts: Draft[], stats: DocumentStats): void {
  for (let i = 0; i < drafts.length; i++) {
    const heading = drafts[i]!;
    if (heading.heading === undefined) continue;
    let end = i + 1;
    while (end < drafts.length && drafts[end]!.page === heading.page && isFootNote(drafts[end]!, stats)) {
      end++;
    }
    const next = drafts[end];
    if (end === i + 1 || !next || next.page <= heading.page || next.heading !== undefined) continue;
    // The next page going on in the same smaller type: the section's own text is set small (a bibliography).
    if (isFootNote(next, stats)) continue;
    drafts.splice(i, 1);
    drafts.splice(end - 1, 0, heading);
    i = end - 1;
  }
}
