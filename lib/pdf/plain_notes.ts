/**
 * Footnotes of a PDF without tags. Only a structure tree tells a note's mark
 * and its label apart from other text (`Tag.noteRef`, `Tag.noteLabel`); an
 * untagged page prints the mark as a raised, smaller number glued to the end
 * of its word (`werden.¹`) and the note at the page's foot as the same raised
 * number opening a line set smaller than the text. Read plainly they became
 * `werden.1` and `1Die Gruppe …`. Where both halves are found, the mark on a
 * page and the note on that page (under it) or the next one, their spans are
 * marked as a tree's tags would mark them, so they are written as Markdown's notes
 * (`[^1]`, `[^1]:`, see `note_markup.ts`). A raised number with no note of its
 * number under it (an exponent, `10³`) is left as it is.
 *
 * @module
 */
import { type Baseline, raisedAndSmaller } from "./raised_mark.ts";
import type { Line, PageText, Span } from "./types.ts";

/** A note's printed number. */
const NUMBER = /^\d{1,3}$/;

/** Largest share of its line's size a mark or label is set at. */
const SMALL = 0.8;

/** Widest gap, in ems of the line, between a word and the mark glued to it. */
const GLUED_EM = 0.15;

/** Largest share of the marking text's size a note's text is set at. */
const NOTE_SIZE = 0.95;

/** Share of the page's height from the top below which its foot (where notes stand) begins. */
const FOOT = 0.5;

/** A raised, smaller number on a line, measured against the span `base` beside it. */
function raisedNumber(span: Span, base: Baseline): boolean {
  return NUMBER.test(span.text.trim()) && raisedAndSmaller(span, base, SMALL);
}

/** A mark glued to the end of the word before it: the spans of the line that are one. */
function marksOf(line: Line): Span[] {
  const marks: Span[] = [];
  line.spans.forEach((span, i) => {
    const word = line.spans[i - 1];
    if (!word || span.tag || /\s$/.test(word.text) || !raisedNumber(span, line)) return;
    if (span.x - (word.x + word.width) <= line.size * GLUED_EM) marks.push(span);
  });
  return marks;
}

/** The label opening a note's line at the page's foot, if the line is one: a raised number, then the text. */
function labelOf(line: Line, page: PageText): Span | undefined {
  const [label, text] = line.spans.filter((s) => s.text.trim());
  if (!label || !text || label.tag || line.y < page.height * FOOT) return undefined;
  return raisedNumber(label, text) ? label : undefined;
}

/**
 * Tags the marks and labels of untagged footnotes in `pages` (see the
 * module's comment); a mark's note must be set smaller than the mark's line.
 */
export function markPlainNotes(pages: readonly PageText[]): void {
  const labels = pages.map((page) =>
    page.lines.flatMap((line) => {
      const label = labelOf(line, page);
      return label ? [{ label, line }] : [];
    })
  );
  pages.forEach((page, p) => {
    for (const line of page.lines) {
      for (const mark of marksOf(line)) {
        const number = mark.text.trim();
        const note = [...labels[p]!.filter((l) => l.line.y > line.y), ...(labels[p + 1] ?? [])].find((l) =>
          l.label.text.trim() === number && l.line.size <= line.size * NOTE_SIZE
        );
        if (!note) continue;
        mark.plainNote = "ref";
        note.label.plainNote = "label";
      }
    }
  });
}
