/**
 * An abstract's label is a heading of the document's top level. A paper's or
 * a thesis' class prints the label (`Abstract`, `ABSTRACT`) on a line of its
 * own over the abstract, as it prints a section's title over the section, but
 * often in body type, or in small capitals at body size, which typography
 * takes for a paragraph; a tagging LaTeX kernel tags it a heading. The label
 * stands before the document's sections: under the title and front-matter
 * headings the document sets at its top level, if any, and before any
 * heading below that level. There the first line reading only the label,
 * with text after it, becomes a heading at the top level.
 *
 * Where it does not fire: a label after a heading below the top level (a
 * section named so in the body, a word in a list of terms), a label line with
 * nothing but a heading or the end after it, and any label after the first.
 *
 * @module
 */
import { isAbstractLabel } from "./abstracts.ts";
import type { Draft } from "./draft.ts";
import { least } from "./extremes.ts";

/**
 * Makes the abstract's label line a heading at the document's top level (see
 * the module comment).
 *
 * @param drafts The document's drafts, headings settled.
 */
export function headAbstractLabel(drafts: readonly Draft[]): void {
  const levels = drafts.flatMap((d) => d.heading === undefined ? [] : [d.heading]);
  const top = levels.length > 0 ? least(levels) : 1;
  for (const [i, draft] of drafts.entries()) {
    if (draft.heading !== undefined && draft.heading > top) return;
    if (!isAbstractLabel(draft)) continue;
    const next = drafts[i + 1];
    if (next?.kind !== "text" || next.heading !== undefined) return;
    delete draft.quote;
    delete draft.quoteStart;
    draft.heading = top;
    return;
  }
}
