/**
 * Letters of Unicode's mathematical alphanumeric block written as the plain
 * letters they style. A formula set with OpenType mathematics (LuaTeX's
 * `unicode-math`, most tagged LaTeX) maps its italic `p` to U+1D45D `𝑝` and
 * its bold `A` to `𝐀`, where a formula set with TeX's classic fonts maps the
 * same glyphs to `p` and `A`: the same document read two ways. Markdown has
 * no mathematics font, and a reader searching for `ρ` in the text must find
 * it; so the converter writes the styled letters plain (`ρ` for `𝜌`), as
 * Unicode's compatibility decomposition gives them. Script, fraktur and
 * double-struck letters stay: in a formula they are other symbols (`ℝ`, `𝒞`),
 * not another style of the same one.
 *
 * @module
 */

/** The block's code points take two UTF-16 units, the first of them this one; `ℎ` is the italic `h`. */
const MAY_HOLD = /[\ud835\u210e]/;

/**
 * A letter or digit in bold, italic, sans-serif or monospace: the block (U+1D400–U+1D7FF) without its script,
 * fraktur and double-struck letters (U+1D49C–U+1D59F) and digits (U+1D7D8–U+1D7E1), and the italic `h` the
 * block leaves to U+210E.
 */
const STYLED_LETTER = /[\u{1D400}-\u{1D49B}\u{1D5A0}-\u{1D7D7}\u{1D7E2}-\u{1D7FF}\u210e]/gu;

/** `text` with each bold, italic, sans-serif or monospace mathematical letter or digit written plain. */
export function plainMathLetters(text: string): string {
  if (!MAY_HOLD.test(text)) return text;
  return text.replace(STYLED_LETTER, (letter) => letter.normalize("NFKC"));
}
