/**
 * A page's display mathematics read in row order. On a page without tags:
 * the fractions at their rules (`fraction_rules.ts`), then the big signs TeX
 * hangs from their tops set on their rows with their limits
 * (`hanging_signs.ts`), then the fractions those signs stood in the way of
 * (a denominator holding a sum: its `∑` stood over the denominator's
 * baseline, so the part was not centred on its rule until the sign came
 * down), and last the thin spaces TeX sets in a formula read as no word gap
 * (`formula_gaps.ts`). Formula text is told there by TeX's math fonts
 * (`fraction_rules.ts`' {@linkcode isMathText}). A tagged page's formulas
 * are told by their `Formula` tags and read the same way, their fractions
 * as `fraction_rules.ts`' {@linkcode withFractionsInRow} reads them.
 *
 * @module
 */
import { type Extent, isMathText, withFractionsInRow, withUntaggedFractionsInRow } from "./fraction_rules.ts";
import { withSignsOnTheirRows } from "./hanging_signs.ts";
import { withIntegralLimitsBeside } from "./side_limits.ts";
import { isMathFont } from "./display_rows.ts";
import { withThinGapsClosed } from "./formula_gaps.ts";
import type { Rule, Span } from "./types.ts";

/**
 * The spans of a page without tags with its formulas' fractions, big signs
 * and limits read into their rows and their thin spaces closed (see the
 * module's comment); a page with no math font comes back as it is.
 *
 * @param spans The page's spans, in content-stream order.
 * @param rules The page's thin level rules, in the spans' space.
 */
export function withUntaggedMathInRow(spans: Span[], rules: readonly Rule[]): Span[] {
  if (!spans.some((s) => isMathFont(s.font.name))) return spans;
  const extents = new Map<Span, Extent>();
  const fractions = withUntaggedFractionsInRow(spans, rules, extents);
  const signs = withIntegralLimitsBeside(withSignsOnTheirRows(fractions, isMathText), isMathText);
  const rows = signs === fractions ? signs : withUntaggedFractionsInRow(signs, rules, extents);
  return withThinGapsClosed(rows, isMathText, readPieces(spans, rows), extents);
}

/**
 * The spans of a tagged page with its `Formula` text read as an untagged
 * page's is (see the module's comment); a page with no tagged formula comes
 * back as it is.
 *
 * @param spans The page's spans, in content-stream order.
 * @param rules The page's thin level rules, in the spans' space.
 */
export function withTaggedMathInRow(spans: Span[], rules: readonly Rule[]): Span[] {
  const formula = (s: Span) => !!s.tag?.formula;
  if (!spans.some(formula)) return spans;
  const fractions = withFractionsInRow(spans, rules);
  const signs = withIntegralLimitsBeside(withSignsOnTheirRows(fractions, formula), formula);
  const rows = signs === fractions ? signs : withFractionsInRow(signs, rules);
  const read = readPieces(spans, rows);
  // A tagged fraction keeps no extent across the passes: each piece read from a stack may be one.
  return withThinGapsClosed(rows, formula, read, new Map([...read].map((s) => [s, true])));
}

/** The pieces of `rows` the passes made (a fraction, a sign moved or holding its limits): none of `spans`. */
function readPieces(spans: readonly Span[], rows: readonly Span[]): Set<Span> {
  const before = new Set(spans);
  return new Set(rows.filter((s) => !before.has(s)));
}
