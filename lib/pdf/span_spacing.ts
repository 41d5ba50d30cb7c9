/**
 * Where a line's words part: a space goes between two neighbouring spans at
 * a visible gap, where words are set over each other, or after a note's
 * label, and nowhere a span brings its own. Every reading of a line's text
 * (`plainLineText`, inline Markdown's pieces) spaces its spans this one way.
 *
 * @module
 */
import { NOTE_LABEL, noteLabel } from "./note_markup.ts";
import type { Line, Span } from "./types.ts";

/** A gap wider than this many ems between spans is a space. */
export const SPACE_EM = 0.15;

/** True for a UTF-16 code unit that `\s` matches in a regular expression. */
function isSpaceUnit(unit: number): boolean {
  return (unit >= 0x09 && unit <= 0x0d) || unit === 0x20 || unit === 0xa0 || unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) || unit === 0x2028 || unit === 0x2029 || unit === 0x202f ||
    unit === 0x205f || unit === 0x3000 || unit === 0xfeff;
}

/**
 * True when a space goes between two neighbouring spans of a line: neither
 * brings its own where they meet, and the gap between them is visible, or
 * the second starts half an em or more inside the first (a producer that
 * measured its words in other metrics than it drew them, justifying a line
 * of code, sets words over each other; the pieces of one word abut). A
 * note's number, which the structure tree labels and a typesetter sets close
 * up to the note's text, is a word of its own.
 */
export function spacedApart(prev: Span, span: Span): boolean {
  const touching = isSpaceUnit(prev.text.charCodeAt(prev.text.length - 1)) ||
    isSpaceUnit(span.text.charCodeAt(0));
  const em = Math.min(prev.size, span.size), gap = span.x - (prev.x + prev.width);
  const labelEnds = noteLabel(prev) &&
    (!noteLabel(span) || (NOTE_LABEL.test(prev.text.trim()) && !NOTE_LABEL.test(span.text.trim())));
  return !touching && (labelEnds || gap > em * SPACE_EM || (gap < -em * 0.5 && span.x > prev.x + em * 0.5 &&
    onOneBaseline(prev, span)));
}

/**
 * True when two spans stand on one baseline. Words set over each other do; a
 * letter a typesetter raised or lowered into its neighbour does not: the
 * logos TeX and LaTeX draw (a small A raised under the L's arm, an E
 * lowered), kerned back by more than half the small letter's em, are one word.
 */
function onOneBaseline(prev: Span, span: Span): boolean {
  return Math.abs(span.y - prev.y) < Math.min(prev.size, span.size) * 0.1;
}

/** Text of spans on one line, spaced by their gaps. */
export function plainLineText(line: Line): string {
  let text = "";
  let prev: Span | undefined;
  for (const span of line.spans) {
    if (prev && spacedApart(prev, span)) text += " ";
    text += span.text;
    prev = span;
  }
  return text.trim();
}
