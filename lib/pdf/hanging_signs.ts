/**
 * A display formula's big signs set on their row, with the limits TeX stacks
 * over and under them. TeX's extension font (`cmex`, Latin Modern's
 * `LMMathExtension`) draws a big operator, a grown delimiter or a radical's
 * sign hanging from its baseline: the glyph's baseline is its top, so a sum
 * `∑` stood a line of its own above its row, and `√` above the radicand it
 * covers (`n X i = n(n + 1)2` over `i=1`). Each such sign moves to the
 * baseline of the first full-size piece of formula after it whose baseline
 * lies within the glyph's reach below its top (the operand, the radicand).
 * A big operator's limits, set smaller and centred over its top and under
 * its foot, then read after it as MathML writes `munderover`: the sign, the
 * lower limit, the upper one (`∑i=1n`), one piece on the row.
 *
 * `cmex` in a PDF without a Unicode map reads as the letters of its slots
 * (`P` for the sum in text, `X` in a display); those letters are written as
 * the signs they draw.
 *
 * @module
 */
import type { Span } from "./types.ts";
import { greatest } from "./extremes.ts";
import { inkEnd } from "./math_parts.ts";
import { EXTENSION_FONT, sideLimits, withLimitsRead } from "./side_limits.ts";

/**
 * Computer Modern's extension font's slots read as ASCII letters (pdf.js
 * knows no character for their glyphs' names), and the signs they draw. A
 * bracket or a brace it reads by its glyph's name, as itself.
 */
const CMEX_SIGNS: Readonly<Record<string, string>> = {
  F: "⨆",
  G: "⨆",
  H: "∮",
  I: "∮",
  J: "⨀",
  K: "⨀",
  L: "⨁",
  M: "⨁",
  N: "⨂",
  O: "⨂",
  P: "∑",
  Q: "∏",
  R: "∫",
  S: "⋃",
  T: "⋂",
  U: "⨄",
  V: "⋀",
  W: "⋁",
  X: "∑",
  Y: "∏",
  Z: "∫",
  a: "∐",
  p: "√",
  q: "√",
  r: "√",
  s: "√",
};

/** Big operators whose limits TeX stacks over and under them in a display (not an integral's). */
const STACKING = /^[∑∏∐⋃⋂⋀⋁⨀⨁⨂⨄⨆]$/u;
/** Every big operator: those and the integrals, whose limits stand beside them. */
const BIG_OPERATOR = /^[∑∏∐⋃⋂⋀⋁⨀⨁⨂⨄⨆∫∮]$/u;

/** Least share of the sign's size a piece of its row is set at (a script is set at 0.7 of it or less). */
const ROW_SIZE = 0.85;
/** Ems (of the sign) below its top within which the row's baseline is looked for, and the least. */
const REACH_EMS = 3, LEAST_DROP_EMS = 0.2;
/** Ems past the sign's end within which the row's next piece starts (a sum's limits set as scripts between). */
const AFTER_EMS = 4;
/** TeX's mathematical axis above the baseline, in ems of the row: a big operator is centred on it. */
const AXIS_EM = 0.25;
/** Ems (of the limit) a limit's baseline stands at most beyond the sign's top or foot. */
const LIMIT_EMS = 1.3;
/** Ems (of the limit) by which a limit's middle may stand off the sign's. */
const CENTRE_EMS = 0.5;

/**
 * Most signs times spans a page's signs are set on their rows for: each sign
 * reads the page's spans for its row and its limits, so a page of thousands
 * of signs drawn to cost time read the square of its spans (4,000 signs, 8
 * seconds). Far past any page of mathematics (the corpora's densest holds 4
 * signs among 204 spans); a page past it keeps its signs as drawn.
 */
export const MAX_SIGN_READS = 400_000;

/** True when `a` stands on a higher baseline than `b` (by a point), or on the same one nearer `x`. */
function nearer(a: Span, b: Span, x: number): boolean {
  if (Math.abs(a.y - b.y) > 1) return a.y < b.y;
  return Math.abs(a.x - x) < Math.abs(b.x - x);
}

/** True when a span is one sign of an extension font. */
function isExtensionSign(span: Span): boolean {
  return EXTENSION_FONT.test(span.font.name) && [...span.text.trim()].length === 1;
}

/**
 * The spans with each extension font's sign written as the sign it draws,
 * set on its row, and a big operator's limits read after it (see the
 * module's comment). `formula` tells a formula's pieces (the page's tags, or
 * its math fonts); spans of pages with no extension sign come back as they are.
 */
export function withSignsOnTheirRows(spans: Span[], formula: (span: Span) => boolean): Span[] {
  const signs = spans.filter(isExtensionSign);
  if (signs.length === 0 || signs.length * spans.length > MAX_SIGN_READS) return spans;
  let out = spans;
  for (const sign of signs) {
    // A small sign read into a bigger one's limits is text of that one now: moved, it would take its own
    // limits off the page with it.
    if (!out.includes(sign)) continue;
    const row = rowAfter(out, sign, formula);
    if (row === null) continue;
    const text = CMEX_SIGNS[sign.text.trim()] ?? sign.text.trim();
    const moved: Span = { ...sign, text, y: row.y };
    out = withLimits(out.map((s) => s === sign ? moved : s), sign, moved, row.size);
  }
  return out;
}

/**
 * The full-size formula piece after a sign on the first baseline within the
 * glyph's reach below its top, nearest it; else (a closing bracket) the one
 * before it. The first baseline: a sum set in a line of prose reaches down
 * to the next line's formulas too.
 */
function rowAfter(spans: readonly Span[], sign: Span, formula: (span: Span) => boolean): Span | null {
  const em = sign.size, end = sign.x + sign.width;
  let after: Span | null = null, before: Span | null = null;
  for (const s of spans) {
    if (s === sign || isExtensionSign(s) || !formula(s) || s.size < em * ROW_SIZE) continue;
    const drop = s.y - sign.y;
    if (drop < em * LEAST_DROP_EMS || drop > em * REACH_EMS) continue;
    if (s.x >= end - em * 0.5 && s.x <= end + em * AFTER_EMS) {
      if (!after || nearer(s, after, sign.x)) after = s;
    } else if (s.x < sign.x && s.x + s.width >= sign.x - em * AFTER_EMS) {
      if (!before || nearer(s, before, sign.x)) before = s;
    }
  }
  return after ?? before;
}

/**
 * The spans with a big operator's limits read into it: smaller pieces
 * centred on the sign, the upper one's baseline at most {@linkcode LIMIT_EMS}
 * over the glyph's top, the lower one's top under its foot (the glyph is
 * centred on the row's axis, so its foot stands as far below the axis as its
 * top above).
 */
function withLimits(spans: Span[], sign: Span, moved: Span, rowSize: number): Span[] {
  if (!BIG_OPERATOR.test(moved.text)) return spans;
  const top = sign.y, axis = moved.y - rowSize * AXIS_EM, foot = axis + (axis - top);
  const middle = sign.x + sign.width / 2;
  const small = spans.filter((s) => s !== moved && s.size < sign.size * ROW_SIZE && !!s.text.trim());
  const stacking = STACKING.test(moved.text);
  let upper = stacking
    ? centred(small.filter((s) => s.y <= top + s.size * 0.2 && s.y >= top - s.size * LIMIT_EMS), middle)
    : [];
  let lower = stacking
    ? centred(
      small.filter((s) => s.y - s.size * 0.6 >= foot - s.size * 0.4 && s.y <= foot + s.size * LIMIT_EMS),
      middle,
    )
    : [];
  // Else limits beside it: an integral's in a display, any big operator's in prose (`side_limits.ts`).
  const beside = upper.length === 0 && lower.length === 0;
  if (beside) ({ upper, lower } = sideLimits(spans, moved, { top, foot, rowSize }));
  return withLimitsRead(spans, moved, { upper, lower }, beside);
}

/**
 * The pieces, left to right, of the run nearest a sign's middle whose own
 * middle is within {@linkcode CENTRE_EMS} of it; none when no run is.
 */
function centred(pieces: readonly Span[], middle: number): Span[] {
  const sorted = [...pieces].sort((a, b) => a.x - b.x);
  // One run: pieces that touch or nearly touch, on baselines a script apart.
  const runs: Span[][] = [];
  for (const s of sorted) {
    const run = runs.at(-1), last = run?.at(-1);
    if (run && last && s.x - inkEnd(last) < s.size * 0.5 && Math.abs(s.y - last.y) < s.size * 0.6) {
      run.push(s);
    } else runs.push([s]);
  }
  for (const run of runs) {
    const x0 = run[0]!.x, x1 = greatest(run.map(inkEnd)), em = greatest(run.map((s) => s.size));
    if (Math.abs((x0 + x1) / 2 - middle) <= em * CENTRE_EMS) return run;
  }
  return [];
}
