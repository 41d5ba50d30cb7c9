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
 * A radical's bar has nothing over it; an overline nothing under it within its
 * length; a binomial draws no rule. Fractions inside fractions are read from
 * the shortest rule out, so an inner fraction is one span of the outer one's
 * numerator or denominator by the time the outer one is read.
 *
 * @module
 */
import { SPACE_EM } from "./span_spacing.ts";
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
/** Widest a space ending a part's span is, in ems. */
const SPACE_WIDTH_EM = 0.35;

/** How far up and down a fraction read into one span reaches: its numerator's top, its denominator's baseline. */
interface Extent {
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
  let out = spans;
  const extents = new Map<Span, Extent>();
  const ordered = [...rules].sort((a, b) => (a.x1 - a.x0) - (b.x1 - b.x0));
  for (const rule of ordered) {
    const fraction = fractionAt(out, rule, rules, extents);
    if (fraction) out = readInRow(out, fraction, extents);
  }
  return out;
}

/**
 * Where a span's ink ends: its end less the spaces it ends in (the space the
 * text extraction adds after a part, as wide as the gap it saw).
 */
function inkEnd(span: Span): number {
  const spaces = span.text.length - span.text.trimEnd().length;
  return span.x + Math.max(span.width - spaces * span.size * SPACE_WIDTH_EM, 0);
}

/** True when a span is formula text lying within the rule's length. */
function within(span: Span, rule: Rule): boolean {
  return !!span.tag?.formula && !!span.text.trim() && span.x >= rule.x0 - END_SLACK &&
    inkEnd(span) <= rule.x1 + END_SLACK;
}

/** The fraction whose rule is `rule`, or null when the rule is no fraction's. */
function fractionAt(
  spans: readonly Span[],
  rule: Rule,
  rules: readonly Rule[],
  extents: ReadonlyMap<Span, Extent>,
): Fraction | null {
  const inside = spans.filter((s) => within(s, rule));
  const above = inside.filter((s) => s.y < rule.y0),
    below = inside.filter((s) => s.y - s.size * 0.5 > rule.y1);
  if (above.length === 0 || below.length === 0) return null;
  const overBase = greatest(above.map((s) => s.y)), underBase = least(below.map((s) => s.y));
  const over = above.filter((s) => s.y >= overBase - s.size * SCRIPT_REACH);
  const under = below.filter((s) => s.y <= underBase + s.size * SCRIPT_REACH);
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

/** A part's text, its spans spaced by their gaps as a line's are (`span_spacing.ts`' {@linkcode SPACE_EM}). */
function partText(part: readonly Span[]): string {
  let text = "";
  let prev: Span | undefined;
  for (const span of part) {
    if (prev && span.x - inkEnd(prev) > Math.min(prev.size, span.size) * SPACE_EM) text += " ";
    text += span.text.trim();
    prev = span;
  }
  return text;
}

/**
 * The baseline of the row a fraction stands in: that of the formula text
 * beside the rule (outside its length), under the rule by at most
 * {@linkcode ROW_REACH} em, nearest the axis' height under it (a radical's
 * sign beside a fraction it holds sits lower), then nearest the rule; else
 * the axis' height under the rule.
 */
function rowBaseline(spans: readonly Span[], fraction: Fraction, em: number): number {
  const { rule } = fraction;
  const mid = (rule.y0 + rule.y1) / 2, axis = mid + em * AXIS_EM;
  let best: { y: number; off: number; distance: number } | null = null;
  for (const s of spans) {
    if (!s.tag?.formula || !s.text.trim() || s.y < mid || s.y - mid > s.size * ROW_REACH) continue;
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
function readInRow(spans: readonly Span[], fraction: Fraction, extents: Map<Span, Extent>): Span[] {
  const parts = new Set([...fraction.over, ...fraction.under]);
  const first = fraction.over[0]!;
  const size = greatest([...parts].map((s) => s.size));
  const x0 = Math.min(fraction.rule.x0, least([...parts].map((s) => s.x)));
  const x1 = Math.max(fraction.rule.x1, greatest([...parts].map(inkEnd)));
  const merged: Span = {
    ...first,
    text: partText(fraction.over) + partText(fraction.under),
    x: x0,
    y: rowBaseline(spans, fraction, size),
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
