/**
 * Font styles (bold, italic, monospace) for the fonts a page's text uses.
 * pdf.js' text content names fonts only by an internal id; the real font
 * reaches the main thread the first time a page using it is parsed for
 * drawing, so a page is parsed that way only when it brings a new font.
 *
 * @module
 */
import { fontAdvances, type FontMetrics } from "./font_advances.ts";
import type { PDFPageProxy } from "./load.ts";
import { FULL_WIDTH } from "./sentence_ends.ts";
import type { FontStyle, Line, Span } from "./types.ts";

/** A span's mean character width (its width over its characters): a monospace face's cell. */
export function characterWidth(span: Span): number {
  return span.width / Math.max([...span.text].length, 1);
}

/** What pdf.js sends for a font (only the fields used here). */
interface LoadedFont extends FontMetrics {
  name?: string;
  isMonospace?: boolean;
  fallbackName?: string;
  bold?: boolean;
  italic?: boolean;
}

const BOLD = /bold|black|heavy|semibold|demi|^CMB|^CMSSBX|^SFBX|^SFB\d/i;
const ITALIC = /italic|oblique|^CMTI|^CMSL|^CMMI|^SFTI|^SFSL/i;
/** URW's abbreviated styles (`NimbusRomNo9L-ReguItal`, `-MediItal`): `Ital` closing the name, case and all. */
const URW_ITALIC = /Ital$/;
const MONOSPACE = /mono|courier|^CMTT|^SFTT|consola|menlo|typewriter|inconsolata|^LMMono/i;
/**
 * Names of proportional families. pdf.js calls a font fixed-pitch when all
 * its widths are equal, which a small re-encoded subset (TeX's text-companion
 * copy of a roman face holding only the bullet) can be; the name overrules.
 * TeX Gyre's proportional families (Termes, Heros, Pagella, Bonum, Schola,
 * Adventor, Chorus) are named after no generic class; its Cursor is Courier.
 * TeX's math fonts, subset to a few signs (`−`, `∈`, `∑`), are no code either.
 */
const PROPORTIONAL =
  /roman|serif|sans|times|arial|helvet|georgia|garamond|palatino|charter|calibri|cambria|verdana|libertin|^CMR\d|^CMSS|^CMBX|^SFRM|^SFSS|^TeXGyre(?:Termes|Heros|Pagella|Bonum|Schola|Adventor|Chorus)|^CM(?:MI|MIB|SY|BSY|EX)\d|^LMMath|^MSAM|^MSBM/i;

/**
 * Derives a style from a font's PostScript name and flags.
 *
 * @example
 * ```ts
 * fontStyleFromName("ABCDEF+LiberationSerif-Bold", false); // { name: "LiberationSerif-Bold", bold: true, ... }
 * ```
 */
export function fontStyleFromName(fullName: string, fixedPitch: boolean): FontStyle {
  const name = fullName.replace(/^[A-Z]{6}\+/, "");
  return {
    name,
    bold: BOLD.test(name),
    italic: ITALIC.test(name) || URW_ITALIC.test(name),
    monospace: MONOSPACE.test(name) || (fixedPitch && !PROPORTIONAL.test(name)),
  };
}

/**
 * The text of a span as typed. TeX's typewriter fonts name the glyphs its
 * `\^{}` and `\~{}` accents draw `circumflex` and `tilde`, which read back as
 * the spacing modifier letters; in a monospace font they stand for ASCII `^`
 * and `~`.
 */
export function typedText(text: string, style: FontStyle): string {
  return style.monospace ? text.replace(/\u02c6/g, "^").replace(/\u02dc/g, "~") : text;
}

/** True when every span of `line` with text is set in a monospace font (a listing's row or inline code's). */
export function whollyMonospace(line: Line): boolean {
  return line.spans.every((s) => s.font.monospace || !s.text.trim());
}

/**
 * One character, neither letter nor digit nor ASCII (typed code's punctuation is ASCII), nor a box-drawing
 * or block element (they draw in a grid of fixed-pitch cells: trees, frames), spaces around it.
 */
const LONE_SYMBOL = /^\s*[^\p{L}\p{N}\s\p{ASCII}\u2500-\u259f]\s*$/u;

const proportionalCopies = new WeakMap<FontStyle, FontStyle>();

/**
 * The style a span of `text` is set in. A Chinese, Japanese or Korean font
 * sets every ideograph, kana and hangul one em wide, so pdf.js finds all its
 * widths equal and calls it fixed-pitch; for text that is mostly such
 * characters equal widths say nothing of code, and only a monospace name
 * keeps the font monospace. Nor do they for a lone symbol outside ASCII
 * (`✦`, `•`): a font holding a few dingbats gives them all one width, and
 * such a glyph among the text is no code.
 */
export function styleForText(style: FontStyle, text: string): FontStyle {
  if (!style.monospace || MONOSPACE.test(style.name)) return style;
  const fullWidth = text.match(FULL_WIDTH)?.length ?? 0;
  if (fullWidth * 2 <= text.replace(/\s/g, "").length && !LONE_SYMBOL.test(text)) return style;
  let copy = proportionalCopies.get(style);
  if (!copy) {
    copy = { ...style, monospace: false };
    proportionalCopies.set(style, copy);
  }
  return copy;
}

/** Resolves and caches font styles across a document's pages. */
export interface FontResolver {
  /**
   * Styles of the given font ids as used on `page`. `families` is pdf.js'
   * fallback family per id, used when the real font cannot be had.
   */
  resolve(page: PDFPageProxy, families: Record<string, string>): Promise<Map<string, FontStyle>>;
  /** Pages parsed for drawing so far (a cost figure). */
  readonly pagesParsed: number;
}

/** Creates a resolver for one document. */
export function createFontResolver(): FontResolver {
  const cache = new Map<string, FontStyle>();
  let pagesParsed = 0;

  async function resolve(page: PDFPageProxy, families: Record<string, string>) {
    const ids = Object.keys(families);
    if (ids.some((id) => !cache.has(id))) {
      pagesParsed++;
      await page.getOperatorList({ annotationMode: 0 });
      for (const id of ids) {
        if (cache.has(id)) continue;
        const font = page.commonObjs.has(id) ? page.commonObjs.get(id) as LoadedFont | null : null;
        const fixedPitch = font?.isMonospace === true || families[id] === "monospace";
        const style = fontStyleFromName(font?.name ?? "", fixedPitch);
        if (font?.bold) style.bold = true;
        if (font?.italic) style.italic = true;
        const advances = fontAdvances(font);
        if (advances) style.advances = advances;
        cache.set(id, style);
      }
    }
    const styles = new Map<string, FontStyle>();
    for (const id of ids) styles.set(id, cache.get(id)!);
    return styles;
  }

  return {
    resolve,
    get pagesParsed() {
      return pagesParsed;
    },
  };
}
