/**
 * Characters of a code font's ligatures, read back from the font's outlines.
 * Programming fonts (Iosevka, Fira Code, JetBrains Mono, Cascadia Code) draw
 * `//`, `:=`, `?.` or `...` with glyphs of their own, one per character, most
 * of them the plain character's outline moved. A producer that maps glyphs to
 * text through the font's character map (XeTeX's xdvipdfmx) finds no Unicode
 * value for them and writes none; pdf.js then reads each such glyph as the
 * character whose code is the glyph's own number (`ㅄ` for glyph 0x3144), so
 * a listing's `//` comes out as two Hangul letters and no longer reads as
 * the code it is.
 *
 * The evidence is in the font itself: a glyph the text gives no character of
 * its own (pdf.js' character is the glyph's code) whose outline, wherever it
 * is placed, is the outline of a glyph the page shows as a printable ASCII
 * character in the same font, is that character. A glyph that draws anything
 * else (a true Hangul letter, an arrow joining `=>`) keeps its text.
 *
 * The work is done only for a page whose text in a fixed-pitch font holds a
 * character outside ASCII that is also one of the font's glyph codes, and
 * reads the operator list pdf.js keeps for the page (font resolution and
 * shape reading ask for the same one).
 *
 * @module
 */
import type { PDFPageProxy } from "./load.ts";
import type { FontStyle } from "./types.ts";
import { readTrueTypeGlyphs, type TrueTypeGlyphs } from "./glyph_outlines.ts";
import { type OperatorList, OPS } from "./vector_marks.ts";

/** What pdf.js sends for a font (the fields used here). */
interface LoadedFont {
  data?: Uint8Array;
  /** Two-byte codes (a Type0 font): every code past ASCII may be a glyph number. */
  composite?: boolean;
  toFontChar?: Map<number, number>;
}

/** What pdf.js puts in a `showText` operator for each glyph (the fields used here). */
interface ShownGlyph {
  originalCharCode?: number;
  unicode?: string;
}

/** A text content item's fields used here. */
interface TextItem {
  str?: string;
  fontName?: string;
}

/** What is known of one font across a document's pages. */
interface FontGlyphs {
  program: TrueTypeGlyphs | undefined;
  composite: boolean;
  toFontChar: Map<number, number>;
  /** Codes of glyphs shown as a printable ASCII character, with it. */
  ascii: Map<number, string>;
  /** Outline key of each ASCII character shown, or `null` where two characters share one. */
  byOutline: Map<string, string | null>;
  /** Text character of each glyph read as ASCII, with its reading. */
  readings: Map<string, string>;
  /** Codes already looked at (not to be read twice). */
  seen: Set<number>;
}

/** Per document (keyed by its shared object store): each font's state. */
const documents = new WeakMap<object, Map<string, FontGlyphs>>();

/** Printable ASCII, the characters a ligature glyph is read as. */
const PRINTABLE_ASCII = /^[\x21-\x7e]$/;
/** A character outside ASCII. */
const NON_ASCII = /[\u007f-\uffff]/;

/**
 * Reads the ligature glyphs of a page's fixed-pitch fonts: for each font id,
 * the text characters standing for a glyph that draws an ASCII character,
 * with that character. Returns an empty map when the page has none (most
 * pages: then nothing is read).
 *
 * @param page The pdf.js page, its text content read.
 * @param items The page's text content items.
 * @param styles The style of each font id on the page.
 */
export async function readLigatureGlyphs(
  page: PDFPageProxy,
  items: readonly unknown[],
  styles: ReadonlyMap<string, FontStyle>,
): Promise<Map<string, Map<string, string>>> {
  const suspects = suspectFonts(page, items, styles);
  const readings = new Map<string, Map<string, string>>();
  if (suspects.size === 0) return readings;
  let fonts = documents.get(page.commonObjs);
  if (!fonts) documents.set(page.commonObjs, fonts = new Map());
  const ops = await page.getOperatorList({ annotationMode: 0 }) as OperatorList;
  const shown = shownGlyphs(ops, suspects);
  for (const [id, glyphs] of shown) {
    const font = fonts.get(id) ?? fontGlyphs(suspects.get(id)!);
    fonts.set(id, font);
    learn(font, glyphs);
    if (font.readings.size > 0) readings.set(id, font.readings);
  }
  return readings;
}

/**
 * Replaces, in a text item's string, each ligature glyph's character with
 * the ASCII character it draws.
 */
export function readLigatures(text: string, readings: ReadonlyMap<string, string> | undefined): string {
  if (!readings || !NON_ASCII.test(text)) return text;
  let out = "";
  for (const char of text) out += readings.get(char) ?? char;
  return out;
}

/**
 * The page's fixed-pitch fonts whose text holds a character outside ASCII
 * that is also one of the font's glyph codes (pdf.js' reading of a glyph
 * with no Unicode value), with what pdf.js sent for each.
 */
function suspectFonts(
  page: PDFPageProxy,
  items: readonly unknown[],
  styles: ReadonlyMap<string, FontStyle>,
): Map<string, LoadedFont> {
  const fonts = new Map<string, LoadedFont>();
  for (const raw of items) {
    const { str, fontName } = raw as TextItem;
    if (!str || !fontName || fonts.has(fontName) || !NON_ASCII.test(str)) continue;
    if (!styles.get(fontName)?.monospace || !page.commonObjs.has(fontName)) continue;
    const font = page.commonObjs.get(fontName) as LoadedFont | null;
    const codes = font?.toFontChar;
    if (!(codes instanceof Map) || !(font?.data instanceof Uint8Array)) continue;
    for (const char of str) {
      const code = char.codePointAt(0)!;
      if (mayBeGlyphNumber(code, font!) && codes.has(code)) {
        fonts.set(fontName, font);
        break;
      }
    }
  }
  return fonts;
}

/** The glyphs the operator list shows in each of `fonts`, by font id. */
function shownGlyphs(ops: OperatorList, fonts: ReadonlyMap<string, LoadedFont>): Map<string, ShownGlyph[]> {
  const shown = new Map<string, ShownGlyph[]>();
  let current: ShownGlyph[] | undefined;
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i], args = ops.argsArray[i] as unknown[] | null;
    if (fn === OPS.setFont) {
      const id = args?.[0];
      current = typeof id === "string" && fonts.has(id) ? shown.get(id) ?? [] : undefined;
      if (current && typeof id === "string") shown.set(id, current);
    } else if (fn === OPS.showText && current && Array.isArray(args?.[0])) {
      for (const glyph of args[0] as unknown[]) if (glyph && typeof glyph === "object") current.push(glyph);
    }
  }
  return shown;
}

/**
 * True when `code`, read as the character of the same number, may be a
 * glyph with no character: past ASCII in a font of two-byte codes, past
 * Latin-1 in one of single bytes (whose upper half is the encoding's own).
 */
function mayBeGlyphNumber(code: number, font: { composite?: boolean }): boolean {
  return code > (font.composite ? 0x7e : 0xff);
}

/** A font's state, before any glyph is looked at. */
function fontGlyphs(font: LoadedFont): FontGlyphs {
  return {
    program: readTrueTypeGlyphs(font.data!),
    composite: font.composite === true,
    toFontChar: font.toFontChar!,
    ascii: new Map(),
    byOutline: new Map(),
    readings: new Map(),
    seen: new Set(),
  };
}

/** The outline key of the glyph the PDF's character `code` draws. */
function outlineOf(font: FontGlyphs, code: number): string | undefined {
  const fontChar = font.toFontChar.get(code);
  const glyph = fontChar === undefined ? undefined : font.program?.glyphOf(fontChar);
  return glyph === undefined ? undefined : font.program!.outline(glyph);
}

/**
 * Takes in the glyphs a page shows in a font: ASCII characters' outlines
 * first, then each glyph read as its own code is matched against them.
 */
function learn(font: FontGlyphs, glyphs: readonly ShownGlyph[]) {
  if (!font.program) return;
  const unmapped: number[] = [];
  for (const { originalCharCode: code, unicode } of glyphs) {
    if (code === undefined || typeof unicode !== "string" || font.seen.has(code)) continue;
    font.seen.add(code);
    if (PRINTABLE_ASCII.test(unicode)) {
      font.ascii.set(code, unicode);
      const key = outlineOf(font, code);
      if (key === undefined) continue;
      const known = font.byOutline.get(key);
      font.byOutline.set(key, known === undefined || known === unicode ? unicode : null);
    } else if (mayBeGlyphNumber(code, font) && unicode === String.fromCharCode(code)) {
      unmapped.push(code);
    }
  }
  for (const code of unmapped) {
    const key = outlineOf(font, code);
    const ascii = key === undefined ? undefined : font.byOutline.get(key);
    if (!ascii) {
      font.seen.delete(code); // An ASCII character shown later may still match it.
      continue;
    }
    const char = String.fromCharCode(code), normal = char.normalize("NFKC");
    font.readings.set(char, ascii);
    // pdf.js' text gives some characters in their compatibility form.
    if (NON_ASCII.test(normal) && [...normal].length === 1) font.readings.set(normal, ascii);
  }
}
