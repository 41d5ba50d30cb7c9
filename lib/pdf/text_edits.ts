/**
 * Edits to pdf.js' text extraction, each an exact piece of its worker
 * module's source and its replacement, applied with the cost guard's own
 * edits (`guard.ts`) when that module is loaded. Three make extraction
 * cheaper for the same text; three make it more complete: the end of a line
 * that runs past the page's edge is kept, a marked-content sequence whose
 * property list is named in the resources keeps its id, and a soft hyphen
 * the font draws is kept.
 *
 * @module
 */

/**
 * With font faces disabled (nothing here installs a font), pdf.js compiles
 * the outline of every glyph a page shows and posts each one to the API
 * side as a separate message, for a canvas to draw the text with. Nothing is
 * drawn here, so that work (a tenth of an operator list's cost on a text
 * page) is skipped; outlines are still built where the text itself is a
 * clipping path or painted with a pattern, as pdf.js does.
 */
const GLYPH_OUTLINES: [string, string] = [
  '|| state.strokeColorSpace.name === "Pattern" || font.disableFontFace) {\n',
  '|| state.strokeColorSpace.name === "Pattern") {\n',
];

/**
 * pdf.js works out the text position twice per glyph it extracts, with two
 * general matrix products that each build a new array, shared with every
 * other caller (its inline caches see arrays of every kind and go slow). The
 * same arithmetic, operation for operation, is written out here: the
 * results are the same numbers, without the two arrays in between.
 */
const TEXT_TRANSFORM: [string, string] = [
  `      const tsm = [textState.fontSize * textState.textHScale, 0, 0, textState.fontSize, 0, textState.textRise];
      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {
        const glyphHeight = font.bbox[3] - font.bbox[1];
        if (glyphHeight > 0) {
          tsm[3] *= glyphHeight * textState.fontMatrix[3];
        }
      }
      return Util.transform(textState.ctm, Util.transform(textState.textMatrix, tsm));
`,
  `      const s0 = textState.fontSize * textState.textHScale, s5 = textState.textRise;
      let s3 = textState.fontSize;
      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {
        const glyphHeight = font.bbox[3] - font.bbox[1];
        if (glyphHeight > 0) {
          s3 *= glyphHeight * textState.fontMatrix[3];
        }
      }
      const t = textState.textMatrix, c = textState.ctm;
      const t0 = t[0] * s0 + t[2] * 0, t1 = t[1] * s0 + t[3] * 0;
      const t2 = t[0] * 0 + t[2] * s3, t3 = t[1] * 0 + t[3] * s3;
      const t4 = t[0] * 0 + t[2] * s5 + t[4], t5 = t[1] * 0 + t[3] * s5 + t[5];
      return [c[0] * t0 + c[2] * t1, c[1] * t0 + c[3] * t1, c[0] * t2 + c[2] * t3, c[1] * t2 + c[3] * t3,
        c[0] * t4 + c[2] * t5 + c[4], c[1] * t4 + c[3] * t5 + c[5]];
`,
];

/** Most strings a font's glyph cache holds before it is emptied (see {@linkcode CHARS_CACHE}). */
const CHARS_CACHE_SIZE = 4096;

/**
 * pdf.js keeps, per font, the glyphs of every string the font ever showed,
 * until the document closes. Text extraction rarely shows a string twice, so
 * on a long document that is megabytes of glyph lists kept for nothing; the
 * cache is emptied whenever it holds {@linkcode CHARS_CACHE_SIZE} strings.
 */
const CHARS_CACHE: [string, string] = [
  "    this.#charsCache.set(chars, glyphs);\n    return glyphs;\n",
  `    if (this.#charsCache.size >= ${CHARS_CACHE_SIZE}) this.#charsCache.clear();
    this.#charsCache.set(chars, glyphs);
    return glyphs;
`,
];

/**
 * pdf.js leaves out every glyph drawn outside the page. A line that runs past
 * the page's right edge (a long line of a code listing or a wide table cell,
 * which TeX sets "overfull" as they are) then loses its end, though the
 * document holds it and it is part of the code or the cell. A glyph past the
 * right edge is now kept when it continues the line of the last glyph kept:
 * on the same baseline, between one em back (kerning) and four on from where
 * that glyph ended (spaces). Text placed off the page on its own stays out.
 */
const OVERFLOWING_LINES: ReadonlyArray<[string, string]> = [
  [
    "    function compareWithLastPosition(glyphWidth) {\n",
    `    function continuesLastGlyph(transform) {
      const last = textContentItem.prevTransform;
      if (!last || Math.abs(transform[5] - last[5]) > 0.01) return false;
      const em = Math.hypot(transform[0], transform[1]), step = transform[4] - last[4];
      return step >= -em && step <= 4 * em;
    }
    function compareWithLastPosition(glyphWidth) {
`,
  ],
  [
    "      } else if (posX + glyphWidth < viewBox[0] || posX > viewBox[2] || posY < viewBox[1] || posY > viewBox[3]) {\n",
    "      } else if (posX + glyphWidth < viewBox[0] || posX > viewBox[2] && !continuesLastGlyph(currentTransform) || posY < viewBox[1] || posY > viewBox[3]) {\n",
  ],
];

/**
 * A marked-content sequence may name its property list rather than write it
 * (`/P /MC0 BDC`), the list then being the entry of that name in the
 * resources' `Properties` (PDF 32000 14.6.2); pdfTeX's tagging writes every
 * sequence so. pdf.js reads the marked-content id only from a list written
 * inline, so such a page's text came with no id: the structure tree named
 * nothing on it and the document read as untagged. The named list is now
 * looked up in the resources of the stream it is in.
 */
const NAMED_PROPERTIES: [string, string] = [
  `              const mcid = args[1] instanceof Dict ? args[1].get("MCID") : null;\n`,
  `              const named = args[1] instanceof Name ? resources?.get("Properties") : null;
              const properties = named instanceof Dict ? named.get(args[1].name) : args[1];
              const mcid = properties instanceof Dict ? properties.get("MCID") : null;
`,
];

/**
 * pdf.js leaves every invisible format character out of the text, the soft
 * hyphen (U+00AD) among them, even where the font draws a glyph for it.
 * LuaTeX (LaTeX's tagging code) draws the hyphen of a word broken at a
 * line's end so, with a glyph mapped to U+00AD: without it, the broken
 * word's halves read as two words ("ex" "tensively"). A soft hyphen is now
 * kept; the line joining (`line_joins.ts`) drops it and joins the word, and one
 * inside a line is dropped at extraction (`extract.ts`).
 */
const SOFT_HYPHENS: [string, string] = [
  "        if (category.isInvisibleFormatMark) {\n",
  '        if (category.isInvisibleFormatMark && glyph.unicode !== "\\u00ad") {\n',
];

/** The edits, as [exact text of pdf.js, replacement]. */
export const TEXT_EDITS: ReadonlyArray<[before: string, after: string]> = [
  GLYPH_OUTLINES,
  TEXT_TRANSFORM,
  CHARS_CACHE,
  ...OVERFLOWING_LINES,
  NAMED_PROPERTIES,
  SOFT_HYPHENS,
];
