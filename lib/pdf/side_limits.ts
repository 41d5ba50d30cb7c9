/**
 * A big operator's limits set beside it as scripts: an integral's in a
 * display (`\int_0^1`), any big operator's in a line of prose. TeX sets the
 * upper limit right of the sign's top (past its italic correction) and the
 * lower right of its foot, so in a display they stand on baselines of their
 * own, above and below the row, and the line reader made a line of each (the
 * page's `F = ∫ 0` under a lone `1`, read as a table). Once the sign is on its
 * row (`hanging_signs.ts`), the smaller run starting just past its end above
 * the row's baseline and the one below it are its limits, read lower first,
 * as `\int_{0}^{1}` is written and MathML's `msubsup` lists them (`∫01`).
 *
 * @module
 */
import type { Span } from "./types.ts";
import { inkEnd, partText, SCRIPT_SPACE_EM } from "./math_parts.ts";

/** Least share of the sign's size a piece of its row is set at (a script is set at 0.7 of it or less). */
const SCRIPT_SHARE = 0.85;
/**
 * Ems (of the sign) before and past the sign's end within which a limit starts: the lower, the upper (a
 * slanted integral's lower limit is kerned in under it).
 */
const LOWER_FROM_EMS = -0.7, LOWER_TO_EMS = 0.3, UPPER_FROM_EMS = -0.2, UPPER_TO_EMS = 0.8;
/** Ems (of the row) by which a limit's baseline stands at least off the row's. */
const LEAST_SHIFT_EMS = 0.1;
/** Ems (of the limit) a limit's baseline stands at most beyond the sign's top or foot. */
const BEYOND_EMS = 1.3;
/** Ems (of the limit) within which the next piece of a limit starts after the last. */
const RUN_GAP_EMS = 0.5;

/** TeX's extension fonts by name, which hang their big signs from their baselines (`hanging_signs.ts`). */
export const EXTENSION_FONT = /^(?:CMEX|EUEX|LMMathExtension)/i;

/** A piece ending in an integral sign (of a face that sets it on its row, as an OpenType math face does). */
const INTEGRAL = /[∫∬∭∮∯∰∱∲∳⨌]$/u;
/** Ems (of the sign) above and below its baseline within which an integral's limits stand on such a face. */
const OPENTYPE_TOP_EMS = 1.2, OPENTYPE_FOOT_EMS = 0.9;

/** A big operator's limits, each a run of pieces left to right; both empty where it has none beside it. */
export interface SideLimits {
  lower: Span[];
  upper: Span[];
}

/**
 * The limits beside `moved` (the sign set on its row; `top` and `foot` its
 * glyph's, `rowSize` the row's size) among `spans`.
 */
export function sideLimits(
  spans: readonly Span[],
  moved: Span,
  bounds: { top: number; foot: number; rowSize: number },
): SideLimits {
  const em = moved.size, end = moved.x + moved.width, row = moved.y;
  const small = spans.filter((s) => s !== moved && s.size < em * SCRIPT_SHARE && !!s.text.trim());
  const shift = bounds.rowSize * LEAST_SHIFT_EMS;
  const upper = runFrom(
    small.filter((s) => s.y <= row - shift && s.y >= bounds.top - s.size * BEYOND_EMS),
    end + em * UPPER_FROM_EMS,
    end + em * UPPER_TO_EMS,
  );
  const lower = runFrom(
    small.filter((s) => s.y >= row + shift && s.y <= bounds.foot + s.size * BEYOND_EMS),
    end + em * LOWER_FROM_EMS,
    end + em * LOWER_TO_EMS,
  );
  return { lower, upper };
}

/**
 * The run of pieces on one baseline whose first starts within `[from, to]`, the nearest `from` first:
 * each next piece starts within {@linkcode RUN_GAP_EMS} of the last one's ink.
 */
function runFrom(pieces: readonly Span[], from: number, to: number): Span[] {
  const sorted = [...pieces].sort((a, b) => a.x - b.x);
  const first = sorted.find((s) => s.x >= from && s.x <= to);
  if (!first) return [];
  const run = [first];
  for (const s of sorted) {
    const last = run.at(-1)!;
    if (s.x <= last.x || Math.abs(s.y - first.y) > first.size * 0.2) continue;
    if (s.x - inkEnd(last) > s.size * RUN_GAP_EMS) break;
    run.push(s);
  }
  return run;
}

/**
 * `spans` with the `limits` read into `moved` after it, lower first, as one piece. Limits `beside` it
 * end in TeX's script space, which the piece takes in so the gap to the row's next piece is the thin
 * space TeX sets after a big operator.
 */
export function withLimitsRead(spans: Span[], moved: Span, limits: SideLimits, beside: boolean): Span[] {
  const { upper, lower } = limits;
  if (upper.length === 0 && lower.length === 0) return spans;
  const parts = new Set([...upper, ...lower]);
  let x0 = moved.x, x1 = inkEnd(moved);
  for (const s of parts) x0 = Math.min(x0, s.x), x1 = Math.max(x1, inkEnd(s));
  x1 += beside ? moved.size * SCRIPT_SPACE_EM : 0;
  const merged: Span = {
    ...moved,
    text: moved.text + partText(lower, true) + partText(upper, true),
    x: x0,
    width: x1 - x0,
  };
  delete merged.spaceAfter;
  return spans.filter((s) => !parts.has(s)).map((s) => s === moved ? merged : s);
}

/**
 * `spans` with the limits of each integral a face sets on its row (an OpenType math face's, not an
 * extension font's, which `hanging_signs.ts` reads) read into it; `formula` tells a formula's pieces.
 */
export function withIntegralLimitsBeside(spans: Span[], formula: (span: Span) => boolean): Span[] {
  let out = spans;
  for (const sign of spans) {
    if (!INTEGRAL.test(sign.text.trim()) || !formula(sign) || EXTENSION_FONT.test(sign.font.name)) continue;
    const moved = out.find((s) => s === sign);
    if (!moved) continue;
    const top = sign.y - sign.size * OPENTYPE_TOP_EMS, foot = sign.y + sign.size * OPENTYPE_FOOT_EMS;
    const limits = sideLimits(out, moved, { top, foot, rowSize: sign.size });
    out = withLimitsRead(out, moved, limits, true);
  }
  return out;
}
