/**
 * Stacked scripts in the order they are written: TeX sets `x_i^2` with the
 * superscript right over the subscript, and writes the superscript first into
 * the content stream, so the line reads `x2i`. Which of the two a source
 * spelled first cannot be seen on the page; subscript first is the usual
 * spelling (`x_i^2`, `\sum_{i=1}^n`, `\int_0^1`), so a subscript that starts
 * under a superscript is moved before it. The two become one piece as wide as
 * both, so that what follows is spaced from the wider's end, not from the
 * superscript's. Rows set small after an opening bracket are not scripts but
 * a binomial's or a small matrix's rows (`\binom{n}{k}`, `smallmatrix`), read
 * top first; only a letter or a digit carries a pair read the other way, and
 * a big operator: a sum in a line of prose, an integral in a display, whose
 * limits TeX sets beside it as scripts (`∑Kj=1` read `∑j=1K`, as
 * `\sum_{j=1}^{K}` is written and MathML's `msubsup` lists them), a limit
 * mixing faces (`j=1`: an italic letter, an upright sign and digit).
 *
 * @module
 */
import type { Span } from "./types.ts";
import { greatest, least } from "./extremes.ts";

/** A script is set at most this share of the size of the text it hangs on. */
const SCRIPT_SHARE = 0.85;

/**
 * Text that ends in what a spelled pair of scripts hangs on: a letter or a digit. Not an opening bracket
 * (a binomial's rows), nor a closing one (`(GM)` with a unit's marks stacked on it).
 */
const NUCLEUS = /[\p{L}\p{N}]$/u;

/** A big operator whose limits TeX sets beside it as scripts (in a line of prose, an integral's in a display). */
const BIG_OPERATOR = /[∑∏∐∫∬∭∮⋃⋂⋀⋁⨀⨁⨂⨄⨆]$/u;

/** True when `span` is set small enough to be a script of `base`. */
function scriptOf(base: Span, span: Span): boolean {
  return span.size < base.size * SCRIPT_SHARE;
}

/** Widest gap, in ems of the base, between a base and the scripts hung on it (a fraction stands a space off). */
const NUCLEUS_GAP_EM = 0.15;

/**
 * True when stacked `scripts` hang on `base` as one pair of scripts: they start where the base ends (a
 * small fraction, `\tfrac12`, stands a space after its relation), in one face and one tagged block (a
 * unit's upright mark over a symbol, `Q^{\rm N}_\odot`, is a label of its own, not a spelled pair).
 */
function hangsOn(base: Span, scripts: readonly Span[]): boolean {
  const first = scripts[0]!;
  const oneFace = BIG_OPERATOR.test(base.text) || scripts.every((s) => s.font.name === first.font.name);
  return first.x - (base.x + base.width) <= base.size * NUCLEUS_GAP_EM && oneFace &&
    scripts.every((s) => s.tag === first.tag);
}

/**
 * One span of a stacked subscript run and superscript run, in that order, as wide as both; it stands
 * where the first written stood (the superscript), so the line's baseline and rows are found as before.
 */
function stacked(lowered: Span[], raised: Span[]): Span {
  const all = [...lowered, ...raised];
  const x = least(all.map((s) => s.x));
  const end = greatest(all.map((s) => s.x + s.width));
  return { ...raised[0]!, text: all.map((s) => s.text).join(""), x, width: end - x };
}

/**
 * The spans of one line with every subscript stacked under a superscript put
 * before that superscript. Spans are in stream order; `y` grows down the page.
 * Returns `spans` itself when nothing is stacked.
 */
export function subscriptsFirst(spans: Span[]): Span[] {
  let out = spans;
  for (let i = 0; i < out.length - 2; i++) {
    const base = out[i]!;
    if (!NUCLEUS.test(base.text) && !BIG_OPERATOR.test(base.text)) continue;
    let j = i + 1;
    while (j < out.length && scriptOf(base, out[j]!) && out[j]!.y < base.y) j++;
    if (j === i + 1) continue;
    const raisedEnd = greatest(out.slice(i + 1, j).map((s) => s.x + s.width));
    let k = j;
    while (k < out.length && scriptOf(base, out[k]!) && out[k]!.y > base.y) k++;
    if (k === j || out[j]!.x >= raisedEnd || !hangsOn(base, out.slice(i + 1, k))) continue;
    out = [...out.slice(0, i + 1), stacked(out.slice(j, k), out.slice(i + 1, j)), ...out.slice(k)];
    i++;
  }
  return out;
}
