/**
 * A hyphen ending a word that follows a slash with no space between
 * (`"warm"/pre-` at a line's end, `filled` on the next): TeX hyphenates only
 * the first word after a space (the word its hyphenation pass starts from,
 * after glue), so the part after the slash is never one it broke; nor does a
 * browser or word processor hyphenate it. The hyphen is the word's own
 * (`pre-filled`), though the document writes neither spelling elsewhere.
 *
 * @module
 */

/**
 * The text of a line's end: a word after a slash that follows a letter, in
 * one run of text (quotes or brackets around the slash allowed), ending in a
 * hyphen. Read back from the end (a lookbehind), so a long run costs no more
 * than its last word.
 */
const WORD_AFTER_SLASH_HYPHEN = /\p{L}-$(?<=\p{L}[\p{Pf}\p{Pe}'"]*\/[\p{Pi}\p{Ps}'"]*\p{L}+-)/u;

/** True when `text` ends in a word after a slash, broken at its own hyphen (see the module comment). */
export function slashWordHyphen(text: string): boolean {
  return WORD_AFTER_SLASH_HYPHEN.test(text);
}
