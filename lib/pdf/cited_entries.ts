/**
 * A numbered bibliography without tags: entries opening with their label in
 * brackets (`[1]`), each wrap set in past the label by a hanging indent. Read
 * as text, each entry was a paragraph; it is a list's item, its label kept in
 * its text as the page prints it.
 *
 * A paragraph is such an entry when its first line opens with a bracketed
 * number and every line below its first starts at one x, set in from the
 * label's edge by half an em to four ems (a paragraph's wraps return to its
 * edge); an entry of one line is one when the entry before it is, at the same
 * edge.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { plainLineText } from "./span_spacing.ts";
import { HANG_EMS } from "./hanging_runs.ts";

/** A bracketed number opening an entry, with the space after it. */
const LABEL = /^\[\d{1,4}\]\s?\S/;

/** True when a text draft opens with a bracketed label and is no heading, quote or item's paragraph. */
function labelled(draft: Draft): boolean {
  return draft.kind === "text" && !draft.heading && !draft.quote && draft.itemDepth === undefined &&
    LABEL.test(plainLineText(draft.lines[0]!).trimStart());
}

/** True when the lines under a draft's first all start at one x, set in from it by a bibliography's hanging indent (`HANG_EMS`). */
function hangs(draft: Draft): boolean {
  const first = draft.lines[0]!;
  const wraps = draft.lines.filter((l) => l.y > first.y + first.size * 0.5);
  if (wraps.length === 0) return false;
  const x = wraps[0]!.x0, set = x - first.x0;
  return set >= first.size * HANG_EMS[0] && set <= first.size * HANG_EMS[1] &&
    wraps.every((l) => Math.abs(l.x0 - x) <= 1);
}

/** Makes the entries of numbered bibliographies (see the module comment) list items, in place. */
export function citedEntriesToItems(drafts: Draft[]): void {
  let edge: { page: number; x: number } | undefined;
  for (const draft of drafts) {
    if (!labelled(draft)) {
      edge = undefined;
      continue;
    }
    const x = draft.lines[0]!.x0;
    const after = edge !== undefined && edge.page === draft.page && Math.abs(edge.x - x) <= 1;
    if (!hangs(draft) && !(after && draft.lines.length === 1)) {
      edge = undefined;
      continue;
    }
    Object.assign(draft, { kind: "list_item", ordered: false, marker: "-", depth: 0, markerX: x });
    edge = { page: draft.page, x };
  }
}
