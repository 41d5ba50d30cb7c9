/**
 * Fractions of a display formula read where the page sets them. TeX draws a
 * fraction as a level rule on the row's mathematical axis, its numerator
 * centred above the rule and its denominator below, each on a baseline of its
 * own; read baseline by baseline, the numerators of a row came before it and
 * the denominators after it (`1 1 (4.4) log2 c(f) k`). A rule of a tagged
 * display formula (`Tag.formula`) with formula text right above and right
 * below it, all within its length and no other rule between, is a fraction:
 * its numerator's text then its denominator's, as MathML orders them, become
 * one span on the row's baseline at the rule's place, in the content stream
 * where the numerator was, so the row reads as one line.
 *
 * A page without tags has no `Formula` to ask: there a fraction's text is
 * told by TeX's math fonts (`display_rows.ts`' {@linkcode isMathFont}), the
 * digits and signs it takes from the text face, and the centring TeX gives
 * both parts under the rule (see {@linkcode untaggedFraction}).
 *
 * A radical's bar has nothing over it; an overline nothing under it within its
 * length; a binomial draws no rule. Fractions inside fractions are read from
 * the shortest rule out, so an inner fraction is one span of the outer one's
 * numerator or denominator by the time the outer one is read.
 *
 * @module
 */
import { isMathFont } from "./display_rows.ts";
import { inkEnd, partText } from "./math_parts.ts";
import type { Rule, Span } from "./types.ts";
import { greatest, least } from "./extremes.ts";

/**
 * Farthest, in ems of the parts, a fraction's numerator's baseline stands
 * above its rule; its denominator's top stands at most a capital's height
 * ({@linkcode CAP_EM}) less below it.
 */
const PART_REACH = 1.6;
/** How far, in ems, a part's scripts stand above (numerator) or below (denominator) its nearest baseline. */
const SCRIPT_REACH = 0.6;
/** Points by which a part's text may run past its rule's ends (TeX centres the shorter part under it). */
const END_SLACK = 1;
/** TeX's mathematical axis (where a fraction's rule lies) above the baseline, in ems. */
const AXIS_EM = 0.25;
/** Farthest, in ems, the row's baseline stands below its fraction's rule. */
const ROW_REACH = 0.75;
/** A part's top above its baseline, in ems (a capital's or a digit's height; a radical's bar clears it). */
const CAP_EM = 0.7;
/** Points within which two baselines beside a rule are as near its axis. */
const ROW_TIE = 0.5;

/** Ems by which a part's middle may stand off its rule's on a page without tags (TeX centres both). */
const CENTRE_EMS = 0.3;
/** Ems beyond a rule's ends within which a math font on its row marks it a formula's. */
const BESIDE_EMS = 3;
/** A prose word in a text face: four letters running (a function's name, `log`, `max`, is shorter). */
const PROSE_WORD = /\p{L}{4}/u;
/** Words of prose: two runs of letters a space apart (`is a`; a formula's text face sets one name at a time). */
const WORDS = /\p{L}\s+\p{L}/u;
/** A contents or index page's leaders: dots (texinfo sets them in the math italic). */
const LEADERS = /^[\s.·]*(?:\.\s*){3}$/;

/** Whether a span is a display formula's text: tagged `Formula`, or (without tags) {@linkcode isMathText}. */
type FormulaTest = (span: Span) => boolean;

/** How far up and down a fraction read into one span reaches: its numerator's top, its denominator's baseline. */
export interface Extent {
  top: number;
  bottom: number;
}

/** A fraction found: its rule and the spans of its numerator and denominator, each left to right. */
interface Fraction {
  rule: Rule;
  over: Span[];
  under: Span[];
}

/**
 * The page's spans with each display formula's fractions read in place: the
 * numerator's and denominator's spans replaced by one span on the row's
 * baseline (see the module's comment). Pages without a tagged display
 * formula come back as they are.
 *
 * @param spans The page's spans, in content-stream order.
 * @param rules The page's thin level rules, in the spans' space.
 */
export function withFractionsInRow(spans: Span[], rules: readonly Rule[]): Span[] {
  if (rules.length === 0 || !spans.some((s) => s.tag?.formula)) return spans;
  return fractionsRead(spans, rules, {
    formula: (s) => !!s.tag?.formula,
    accept: () => true,
    formulaGaps: false,
  }, new Map());
}

/**
 * The spans of a page without tags with its fractions read in place, as
 * {@linkcode withFractionsInRow} reads a tagged page's: a fraction's text is
 * {@linkcode isMathText}, some of it or of its row in a math font, and both
 * parts centred on the rule (see {@linkcode untaggedFraction}). Pages without
 * a math font come back as they are.
 *
 * @param extents How far the fractions already read reach up and down, kept
 *   over passes (a fraction read in a later pass may hold one read before).
 */
export function withUntaggedFractionsInRow(
  spans: Span[],
  rules: readonly Rule[],
  extents = new Map<Span, Extent>(),
): Span[] {
  if (rules.length === 0 || !spans.some((s) => isMathFont(s.font.name))) return spans;
  return fractionsRead(
    spans,
    rules,
    { formula: isMathText, accept: untaggedFraction, formulaGaps: true },
    extents,
  );
}

/**
 * True when a span may be a formula's text on a page without tags: in a math
 * font, or in a text face (not a typewriter's) with no prose word (the
 * digits, brackets, signs and function names TeX takes from it); never a
 * run of leader dots.
 */
export function isMathText(span: Span): boolean {
  if (!span.text.trim() || LEADERS.test(span.text)) return false;
  if (isMathFont(span.font.name)) return true;
  return !span.font.monospace && !PROSE_WORD.test(span.text) && !WORDS.test(span.text);
}

/**
 * True when a fraction found on a page without tags is one: some of its parts
 * in a math font (or a fraction read already), else a piece in one on its
 * row beside it, and each part's middle within {@linkcode CENTRE_EMS} of the
 * rule's (TeX centres the narrower part; the wider reaches both ends). A
 * table's rule between two rows of figures holds no math font and its cells
 * are not centred on it.
 */
function untaggedFraction(
  fraction: Fraction,
  spans: readonly Span[],
  extents: ReadonlyMap<Span, Extent>,
): boolean {
  const { rule, over, under } = fraction;
  if (
    ![...over, ...under].some((s) => isMathFont(s.font.name) || extents.has(s)) && !mathBeside(spans, rule)
  ) {
    return false;
  }
  const middle = (rule.x0 + rule.x1) / 2;
  return [over, under].every((part) => {
    const x0 = least(part.map((s) => s.x)), x1 = greatest(part.map(inkEnd));
    const em = greatest(part.map((s) => s.size));
    return Math.abs((x0 + x1) / 2 - middle) <= em * CENTRE_EMS + END_SLACK;
  });
}

/**
 * True when a piece in a math font stands on the row beside a rule, within
 * {@linkcode BESIDE_EMS} of its ends (`x =` before a fraction of digits).
 */
function mathBeside(spans: readonly Span[], rule: Rule): boolean {
  const mid = (rule.y0 + rule.y1) / 2;
  return spans.some((s) =>
    isMathFont(s.font.name) && s.y > mid && s.y - mid <= s.size * ROW_REACH &&
    s.x + s.width > rule.x0 - s.size * BESIDE_EMS && s.x < rule.x1 + s.size * BESIDE_EMS
  );
}

/** How a page's fractions are read: with its tags, or by its math fonts. */
interface Reading {
  /** Whether a span is a formula's text. */
  formula: FormulaTest;
  /** Whether a fraction found is one. */
  accept: (fraction: Fraction, spans: readonly Span[], extents: ReadonlyMap<Span, Extent>) => boolean;
  /** Whether a thin space within a part is read as none (`math_parts.ts`' `thinGap`). */
  formulaGaps: boolean;
}

/** The spans with every fraction the reading admits read in place, shortest rule first. */
function fractionsRead(
  spans: Span[],
  rules: readonly Rule[],
  reading: Reading,
  extents: Map<Span, Extent>,
): Span[] {
  let out = spans;
  const ordered = [...rules].sort((a, b) => (a.x1 - a.x0) - (b.x1 - b.x0));
  for (const rule of ordered) {
    const fraction = fractionAt(out, rule, rules, extents, reading.formula);
    if (fraction && reading.accept(fraction, out, extents)) out = readInRow(out, fraction, extents, reading);
  }
  return out;
}

/** True when a span is formula text lying within the rule's length. */
function within(span: Span, rule: Rule, formula: FormulaTest): boolean {
  return formula(span) && !!span.text.trim() && span.x >= rule.x0 - END_SLACK &&
    inkEnd(span) <= rule.x1 + END_SLACK;
}

/** The fraction whose rule is `rule`, or null when the rule is no fraction's. */
function fractionAt(
  spans: readonly Span[],
  rule: Rule,
  rules: readonly Rule[],
  extents: ReadonlyMap<Span, Extent>,
  formula: FormulaTest,
): Fraction | null {
  const inside = spans.filter((s) => within(s, rule, formula));
  const above = inside.filter((s) => s.y < rule.y0),
    below = inside.filter((s) => s.y - s.size * 0.5 > rule.y1);
  if (above.length === 0 || below.length === 0) return null;
  const overBase = greatest(above.map((s) => s.y)), underBase = least(below.map((s) => s.y));
  // Scripts reach from their part's baseline by the part's size: a sub-subscript (`N_i` in a limit) too.
  const overSize = greatest(above.filter((s) => s.y === overBase).map((s) => s.size));
  const underSize = greatest(below.filter((s) => s.y === underBase).map((s) => s.size));
  const over = above.filter((s) => s.y >= overBase - Math.max(s.size, overSize) * SCRIPT_REACH);
  const under = below.filter((s) => s.y <= underBase + Math.max(s.size, underSize) * SCRIPT_REACH);
  const em = greatest([...over, ...under].map((s) => s.size));
  // Measured to the parts' nearest edges: a fraction read inside the denominator stands its numerator's
  // height nearer than its baseline (a continued fraction's).
  const overEdge = greatest(over.map((s) => extentOf(s, extents).bottom));
  const underEdge = least(under.map((s) => extentOf(s, extents).top));
  if (rule.y0 - overEdge > em * PART_REACH || underEdge - rule.y1 > em * (PART_REACH - CAP_EM)) return null;
  // A longer rule across this one's length between it and a part: the part is that rule's (a radical's bar
  // under a fraction's rule finds the fraction's numerator above it). A shorter one is inside the part (a
  // radical's bar over the denominator, an inner fraction's rule, read already).
  const between = rules.some((r) =>
    r !== rule && r.x1 - r.x0 >= rule.x1 - rule.x0 && r.x0 < rule.x1 && r.x1 > rule.x0 &&
    ((r.y1 <= rule.y0 && r.y0 > least(over.map((s) => extentOf(s, extents).top))) ||
      (r.y0 >= rule.y1 && r.y1 < underBase))
  );
  if (between) return null;
  return { rule, over: [...over].sort((a, b) => a.x - b.x), under: [...under].sort((a, b) => a.x - b.x) };
}

/** How far a span reaches up and down: a fraction's as recorded, another's a capital's height and its baseline. */
function extentOf(span: Span, extents: ReadonlyMap<Span, Extent>): Extent {
  return extents.get(span) ?? { top: span.y - span.size * CAP_EM, bottom: span.y };
}

/**
 * The baseline of the row a fraction stands in: that of the formula text
 * beside the rule (outside its length), under the rule by at most
 * {@linkcode ROW_REACH} em, nearest the axis' height under it (a radical's
 * sign beside a fraction it holds sits lower), then nearest the rule; else
 * the axis' height under the rule.
 */
function rowBaseline(spans: readonly Span[], fraction: Fraction, em: number, formula: FormulaTest): number {
  const { rule } = fraction;
  const mid = (rule.y0 + rule.y1) / 2, axis = mid + em * AXIS_EM;
  let best: { y: number; off: number; distance: number } | null = null;
  for (const s of spans) {
    if (!formula(s) || !s.text.trim() || s.y < mid || s.y - mid > s.size * ROW_REACH) continue;
    if (s.x + s.width > rule.x0 - END_SLACK && s.x < rule.x1 + END_SLACK) continue;
    const off = Math.abs(s.y - axis), distance = s.x >= rule.x1 ? s.x - rule.x1 : rule.x0 - (s.x + s.width);
    if (
      !best || off < best.off - ROW_TIE || (Math.abs(off - best.off) <= ROW_TIE && distance < best.distance)
    ) {
      best = { y: s.y, off, distance };
    }
  }
  return best?.y ?? axis;
}

/** The spans with a fraction's parts replaced by one span on its row, where its numerator's first span was. */
function readInRow(
  spans: readonly Span[],
  fraction: Fraction,
  extents: Map<Span, Extent>,
  reading: Reading,
): Span[] {
  const parts = new Set([...fraction.over, ...fraction.under]);
  const first = fraction.over[0]!;
  const size = greatest([...parts].map((s) => s.size));
  const x0 = Math.min(fraction.rule.x0, least([...parts].map((s) => s.x)));
  const x1 = Math.max(fraction.rule.x1, greatest([...parts].map(inkEnd)));
  const merged: Span = {
    ...first,
    text: partText(fraction.over, reading.formulaGaps) + partText(fraction.under, reading.formulaGaps),
    x: x0,
    y: rowBaseline(spans, fraction, size, reading.formula),
    width: x1 - x0,
    size,
  };
  delete merged.spaceAfter;
  extents.set(merged, {
    top: least(fraction.over.map((s) => extentOf(s, extents).top)),
    bottom: greatest(fraction.under.map((s) => extentOf(s, extents).bottom)),
  });
  const at = spans.findIndex((s) => parts.has(s));
  const out: Span[] = [];
  spans.forEach((s, i) => {
    if (i === at) out.push(merged);
    else if (!parts.has(s)) out.push(s);
  });
  return out;
}
