/**
 * The rows of one display formula on a page without tags. TeX sets a
 * display's fraction, sum limits and stacked scripts on baselines of their
 * own, a few points apart (closer than the body's line step), every row
 * centred on the measure and so overlapping the others, and every letter of
 * them in a math font (`cmmi`, `cmsy`, `cmex`, Latin Modern's `LMMath…` and
 * OpenType math faces): only digits, brackets, operators and the equation's
 * number come from a text face. Read as lines, the rows parted into a
 * paragraph each (the numerator, the row with `=` and the number, the
 * denominator), since each stands at its own left edge and size. Rows alike
 * go on in one paragraph; a line of prose with inline math holds words in a
 * text face and is never such a row.
 *
 * @module
 */
import type { Line } from "./types.ts";
import { greatest, least } from "./extremes.ts";

/** TeX's math fonts by name: Computer Modern's and the AMS', Latin Modern's, OpenType math faces. */
const MATH_FONT = /^(?:CMMI|CMMIB|CMSY|CMBSY|CMEX|MSAM|MSBM|EUFM|EUSM|EUEX|RSFS|LMMath|\w*-?Math\b)/i;

/** Ems within which a row stands of the display's others across the page. */
const NEAR_EMS = 2;

/** Letters (of any script) in a run. */
const LETTERS = /\p{L}/u;

/** True when `name` is one of TeX's math fonts. */
export function isMathFont(name: string): boolean {
  return MATH_FONT.test(name);
}

/**
 * True when a line is a row of a display formula: some of it in a math font
 * and no letter outside one (digits, brackets and operators come from the
 * text face in TeX's math, and so does an equation's number).
 */
export function isDisplayRow(line: Line): boolean {
  let math = false;
  for (const span of line.spans) {
    if (!span.text.trim()) continue;
    if (isMathFont(span.font.name)) math = true;
    else if (LETTERS.test(span.text)) return false;
  }
  return math;
}

/**
 * True when `line` is a further row of the display whose rows are `rows`:
 * every one a display row, none tagged (a tagged formula is read by its
 * tags), the new one within two ems of them across the page (a fraction
 * stands right of the row holding `=`, its rows above and below it) and less than
 * `lineStep` below the last (a display's rows stand closer than lines of
 * text; the next display stands a display skip away).
 */
export function continuesDisplay(rows: readonly Line[], line: Line, lineStep: number): boolean {
  const last = rows.at(-1);
  if (!last || line.y - last.y >= lineStep || line.y <= last.y) return false;
  // The new line first: a paragraph's rows are read again only when it could go on in a display.
  if (tagged(line) || !isDisplayRow(line)) return false;
  if (rows.some(tagged) || !rows.every(isDisplayRow)) return false;
  const left = least(rows.map((l) => l.x0)), right = greatest(rows.map((l) => l.x1));
  const reach = line.size * NEAR_EMS;
  return line.x0 < right + reach && line.x1 > left - reach;
}

/** True when any of a line's spans carries a structure tag. */
function tagged(line: Line): boolean {
  return line.spans.some((s) => s.tag);
}
