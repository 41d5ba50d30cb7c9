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

/** Dashes, opening brackets and spaces before a label set alone. */
const LEADING_DECORATION = /^[\p{Pd}\p{Ps}\s]+/u;

/**
 * Dashes, closing brackets and spaces after it, tried only where their run starts (a lookbehind): tried
 * from every position, a heading of one long run of spaces or dashes took the square of its length.
 */
const TRAILING_DECORATION = /(?<![\p{Pd}\p{Pe}\s])[\p{Pd}\p{Pe}\s]+$/u;

/** `text` without the dashes, brackets and the like around a label set alone (`—1—`, `[A]`). */
export function undecorated(text: string): string {
  return text.replace(LEADING_DECORATION, "").replace(TRAILING_DECORATION, "");
}

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
    const label = undecorated(draft.lines.map(plainLineText).join(" ").trim());
    if (!label || LABEL.exec(label)?.[0] !== label) return;
    delete draft.heading;
    delete draft.runIn;
  });
}
