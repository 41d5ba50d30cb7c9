/**
 * Words measured by their font's own glyph widths. Whether a line's first
 * word would have fitted after the line before (a paragraph's end where a
 * producer leaves no space between paragraphs) was judged from an estimate
 * of letters' widths, with a tenth to spare for its error; a word a little
 * narrower than the room left (`This` after chalk's `backgroundColorNames`.)
 * then seemed not to fit. A simple font (not composite, not Type 3) gives
 * each character code's advance, and for printable ASCII codes the font's
 * encoding does not redefine (`differences`), the code is the character.
 * The reading is trusted only where it accounts for the span's own width as
 * drawn: a font re-encoded without saying so, a squeezed or justified span,
 * falls back to the estimate.
 *
 * @module
 */
import type { FontStyle, Span } from "./types.ts";

/** What pdf.js sends for a font with `fontExtraProperties` (only the fields used here). */
export interface FontMetrics {
  composite?: boolean;
  type?: string;
  widths?: Record<string, number>;
  differences?: ReadonlyArray<string | undefined>;
  fontMatrix?: readonly number[];
}

/** Printable ASCII codes: the characters whose code a simple font's standard encodings share. */
const FIRST_PRINTABLE = 32, LAST_PRINTABLE = 126;

/** pdf.js' glyph space: a thousandth of an em. */
const GLYPH_UNITS = 0.001;

/**
 * Each printable ASCII character's advance in ems, from a simple font's
 * widths; undefined for a composite or Type 3 font, or one giving none.
 *
 * @example
 * ```ts
 * fontAdvances({ composite: false, widths: { 84: 611, 104: 500 } }); // { T: 0.611, h: 0.5 }
 * ```
 */
export function fontAdvances(font: FontMetrics | null | undefined): Record<string, number> | undefined {
  if (!font || font.composite || font.type === "Type3" || !font.widths) return undefined;
  const scale = font.fontMatrix?.[0] ?? GLYPH_UNITS;
  const advances: Record<string, number> = {};
  let any = false;
  for (let code = FIRST_PRINTABLE; code <= LAST_PRINTABLE; code++) {
    const width = font.widths[code];
    if (!width || font.differences?.[code] !== undefined) continue;
    advances[String.fromCharCode(code)] = width * scale;
    any = true;
  }
  return any ? advances : undefined;
}

/** Largest share of a span's drawn width its font's advances may miss it by and still be read. */
const TOLERANCE = 0.03;

/** `text`'s width in ems by `advances`, or undefined when a character has none. */
function ems(text: string, advances: Readonly<Record<string, number>>): number | undefined {
  let width = 0;
  for (const char of text) {
    const advance = advances[char];
    if (advance === undefined) return undefined;
    width += advance;
  }
  return width;
}

/**
 * The width, in points, `text` (a piece of `span`'s text) takes set in the
 * span's font, where the font's advances are known and account for the
 * span's own drawn width within {@linkcode TOLERANCE}; else undefined.
 */
export function setTextWidth(span: Span, text: string): number | undefined {
  const advances = span.font.advances;
  if (!advances || span.width <= 0) return undefined;
  const whole = ems(span.text, advances), part = ems(text, advances);
  if (!whole || part === undefined) return undefined;
  if (Math.abs(whole * span.size - span.width) > span.width * TOLERANCE) return undefined;
  return part * span.width / whole;
}

/** A space's width, in points, in `font` at `size`, where its advances give it. */
export function spaceWidth(font: FontStyle, size: number): number | undefined {
  const advance = font.advances?.[" "];
  return advance === undefined ? undefined : advance * size;
}
