/**
 * A page without tags read with its display mathematics in row order: the
 * fractions at their rules (`fraction_rules.ts`), then the big signs TeX
 * hangs from their tops set on their rows with their limits
 * (`hanging_signs.ts`), then the fractions those signs stood in the way of
 * (a denominator holding a sum: its `∑` stood over the denominator's
 * baseline, so the part was not centred on its rule until the sign came
 * down), and last the thin spaces TeX sets in a formula read as no word
 * gap (`formula_gaps.ts`). Formula text is told by TeX's math fonts
 * (`fraction_rules.ts`' {@linkcode isMathText}).
 *
 * @module
 */
import { type Extent, isMathText, withUntaggedFractionsInRow } from "./fraction_rules.ts";
import { withSignsOnTheirRows } from "./hanging_signs.ts";
import { isMathFont } from "./display_rows.ts";
import { withThinGapsClosed } from "./formula_gaps.ts";
import type { Rule, Span } from "./types.ts";

/**
 * The spans of a page without tags with its formulas' fractions, big signs
 * and limits read into their rows (see the module's comment); a page with
 * no math font comes back as it is.
 *
 * @param spans The page's spans, in content-stream order.
 * @param rules The page's thin level rules, in the spans' space.
 */
export function withUntaggedMathInRow(spans: Span[], rules: readonly Rule[]): Span[] {
  if (!spans.some((s) => isMathFont(s.font.name))) return spans;
  const extents = new Map<Span, Extent>();
  const fractions = withUntaggedFractionsInRow(spans, rules, extents);
  const signs = withSignsOnTheirRows(fractions, isMathText);
  const rows = signs === fractions ? signs : withUntaggedFractionsInRow(signs, rules, extents);
  const before = new Set(spans);
  return withThinGapsClosed(rows, isMathText, new Set(rows.filter((s) => !before.has(s))), extents);
}
