/**
 * The thin spaces of a formula on a page without tags read as no word gap.
 * TeX's mathematics sets a thin space (3 mu, a sixth of an em) beside an
 * operator's name, a big operator and a fraction (`1k log c`); a line's
 * reader spaces pieces a seventh of an em apart (`inline.ts`' `SPACE_EM`),
 * so it read those as words, where a reader writes, and MathML runs, the
 * ordinary symbols together (`1klogc`, `∑i=1ni`). Between two pieces of a
 * formula on one baseline, no word in a text face among them and one in a
 * math font or read from a stack already, a gap no wider than a thin space
 * (`math_parts.ts`' {@linkcode thinGap}, with TeX's script space and
 * null delimiters) is closed by running the first piece on to the
 * second. The medium and thick spaces round a binary operator or a relation,
 * and a text face's word space, stay.
 *
 * @module
 */
import { isMathFont } from "./display_rows.ts";
import { SPACE_EM } from "./span_spacing.ts";
import { thinGap } from "./math_parts.ts";
import type { Span } from "./types.ts";

/** Points within which two spans stand on one baseline. */
const BASELINE_TIE = 0.5;

/**
 * The spans with each thin gap between two formula pieces closed (see the
 * module's comment).
 *
 * @param formula Whether a span may be a formula's text (no prose word).
 * @param read Pieces read from a stack (a fraction, a sign with its limits), in whatever face.
 * @param fractions The fractions among them (TeX sets null delimiters either side).
 */
export function withThinGapsClosed(
  spans: Span[],
  formula: (span: Span) => boolean,
  read: ReadonlySet<Span>,
  fractions: ReadonlyMap<Span, unknown>,
): Span[] {
  const marked = (s: Span) => isMathFont(s.font.name) || read.has(s);
  const byBaseline = spans.filter((s) => s.text.trim()).sort((a, b) => a.y - b.y);
  const widened = new Map<Span, Span>();
  let start = 0;
  for (let i = 1; i <= byBaseline.length; i++) {
    if (i < byBaseline.length && byBaseline[i]!.y - byBaseline[i - 1]!.y <= BASELINE_TIE) continue;
    const row = byBaseline.slice(start, i).sort((a, b) => a.x - b.x);
    start = i;
    for (let k = 1; k < row.length; k++) {
      const prev = row[k - 1]!, next = row[k]!;
      if (!formula(prev) || !formula(next) || !(marked(prev) || marked(next))) continue;
      if (/\s$/.test(prev.text) || /^\s/.test(next.text)) continue;
      const em = Math.min(prev.size, next.size), gap = next.x - (prev.x + prev.width);
      if (gap > em * SPACE_EM && thinGap(prev, next, gap, fractions.has(prev) || fractions.has(next))) {
        widened.set(prev, { ...prev, width: next.x - prev.x });
      }
    }
  }
  return widened.size === 0 ? spans : spans.map((s) => widened.get(s) ?? s);
}
