/**
 * A tagged heading's label set on a line of its own. LaTeX's tagging code
 * (the 2024+ kernel) puts a chapter's label ("Chapter 1", "Appendix A") and
 * its title in one heading element, each line in a `NonStruct` rather than
 * the label in a `Lbl` (which `tagged.ts` leaves out), and the lines, far
 * apart, make two headings. The label is text, as it is over a heading an
 * outline names (`heading_styles.ts`); the title is the heading.
 *
 * @module
 */
import { blockId, type Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { LABEL } from "./section_numbers.ts";

/** Dashes, brackets and the like around a label set alone. */
const DECORATION = /^[\p{Pd}\p{Ps}\s]+|[\p{Pd}\p{Pe}\s]+$/gu;

/** The structure element a draft's text starts in. */
function elementOf(draft: Draft): number | undefined {
  const first = draft.lines[0];
  return first && blockId(first);
}

/**
 * Takes out of the headings a tagged heading's first line that is a label
 * alone, when the next heading is the rest of the same structure element.
 */
export function unheadTaggedLabels(drafts: readonly Draft[]) {
  drafts.forEach((draft, i) => {
    const next = drafts[i + 1];
    if (!draft.heading || !next?.heading || next.page !== draft.page) return;
    const element = elementOf(draft);
    if (element === undefined || elementOf(next) !== element) return;
    // A label may stand between dashes or brackets ("—1—", "[A]").
    const text = draft.lines.map(plainLineText).join(" ").trim().replace(DECORATION, "");
    if (!text || LABEL.exec(text)?.[0] !== text) return;
    delete draft.heading;
    delete draft.runIn;
  });
}
