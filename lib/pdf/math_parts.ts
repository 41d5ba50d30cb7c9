/**
 * Measures shared by the passes that read a formula's stacked pieces into its
 * row (`fraction_rules.ts`, `hanging_signs.ts`): where a piece's ink ends,
 * and a stack's part (a numerator, a sum's limit) written as one text.
 *
 * @module
 */
import { SPACE_EM } from "./span_spacing.ts";
import type { Span } from "./types.ts";

/** Widest a space ending a part's span is, in ems. */
const SPACE_WIDTH_EM = 0.35;

/**
 * Where a span's ink ends: its end less the spaces it ends in (the space the
 * text extraction adds after a part, as wide as the gap it saw).
 */
export function inkEnd(span: Span): number {
  const spaces = span.text.length - span.text.trimEnd().length;
  return span.x + Math.max(span.width - spaces * span.size * SPACE_WIDTH_EM, 0);
}

/**
 * Widest gap, in ems of the larger piece, TeX's mathematics sets between two
 * pieces of a formula that a reader reads as one word: the thin space (3 mu,
 * a sixth of an em) beside an operator's name, a big operator or a fraction.
 * The medium and thick spaces around a binary operator and a relation (4
 * and 5 mu) and a text face's word space (a third of an em, shrinking to two
 * ninths) are wider.
 */
export const THIN_SPACE_EM = 0.2;
/** A piece ending in punctuation: TeX's thin space after a comma is a word gap a reader writes too. */
const PUNCTUATION_END = /[,;]\s*$/;
/**
 * A piece opening with a binary operator or a relation: TeX sets a medium or thick space before it (none in
 * a script, where no gap is), a word gap a reader writes.
 */
const OPERATOR_START = /^[+−±∓×⋅=<>≤≥≠≈≡∼→⇒∈]/u;
/** Ems TeX adds after a script (`\scriptspace`, half a point at ten). */
export const SCRIPT_SPACE_EM = 0.05;
/** Ems TeX adds on each side of a fraction (`\nulldelimiterspace`, 1.2 points at ten). */
const NULL_DELIMITER_EM = 0.11;

/**
 * True when the gap between two neighbouring pieces of a formula is no
 * wider than a thin space, with the script space after a script (`prev`
 * smaller than `next`) and the null delimiter beside a fraction read into one
 * piece (`stacked`) added. The thin space after a comma or a semicolon is a
 * word gap still, and so is the gap before a binary operator or a relation.
 */
export function thinGap(prev: Span, next: Span, gap: number, stacked: boolean): boolean {
  if (PUNCTUATION_END.test(prev.text) || OPERATOR_START.test(next.text)) return false;
  const em = Math.max(prev.size, next.size);
  const script = prev.size < next.size * 0.85 ? SCRIPT_SPACE_EM : 0;
  return gap <= em * (THIN_SPACE_EM + script + (stacked ? NULL_DELIMITER_EM : 0));
}

/**
 * A part's text, its spans (left to right) spaced by their gaps as a line's
 * are (`inline.ts`' {@linkcode SPACE_EM}); with `formulaGaps`, a gap no wider
 * than a thin space ({@linkcode thinGap}) is none.
 */
export function partText(part: readonly Span[], formulaGaps = false): string {
  let text = "";
  let prev: Span | undefined;
  for (const span of part) {
    const gap = prev ? span.x - inkEnd(prev) : 0;
    if (
      prev && gap > Math.min(prev.size, span.size) * SPACE_EM &&
      !(formulaGaps && thinGap(prev, span, gap, false))
    ) {
      text += " ";
    }
    text += span.text.trim();
    prev = span;
  }
  return text;
}
