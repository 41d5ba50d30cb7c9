/**
 * Notes read inside a list. A page sets its notes at the foot of the column
 * (TUGboat's two columns) or of the page where their marks are; a list that
 * runs down the column and on at the next column's head (a contents list)
 * is broken by them in reading order: its items after the notes open a list
 * of their own, the first of them at the top level though it is set in as a
 * sub-entry. The notes go after the list, which is whole again.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { allNotes } from "./tagged_resumes.ts";
import { replaceRange } from "./append.ts";

/** True when `draft` is a paragraph the structure tree files wholly under notes. */
function isNote(draft: Draft): boolean {
  return draft.kind === "text" && draft.heading === undefined && allNotes(draft);
}

/** Moves each run of notes standing between two list items of one page to after the list they break. */
export function notesAfterLists(drafts: Draft[]): void {
  for (let i = 1; i < drafts.length; i++) {
    const before = drafts[i - 1]!;
    if (before.kind !== "list_item" || !isNote(drafts[i]!)) continue;
    let end = i;
    while (end < drafts.length && drafts[end]!.page === before.page && isNote(drafts[end]!)) end++;
    if (drafts[end]?.kind !== "list_item" || drafts[end]!.page !== before.page) continue;
    let listEnd = end;
    while (listEnd < drafts.length && drafts[listEnd]!.kind === "list_item") listEnd++;
    const notes = drafts.splice(i, end - i);
    replaceRange(drafts, listEnd - notes.length, 0, notes);
    i = listEnd - 1;
  }
}
