/**
 * Where a sentence ends and the next opens, in the scripts prose is written
 * in, for the tests that tell a paragraph's end from a wrapped line. A
 * sentence may end inside its quotation marks or brackets (German `.“`,
 * French `.»`, `.)`) and end with a full-width stop (Chinese and Japanese
 * `。`); the next may open with quotation marks (`„Wir`), and in a script
 * without capitals (Chinese, Japanese, Korean, Arabic, Hebrew, …) any letter
 * opens it. Chinese and Japanese set no spaces between words: a line's first
 * word there is its first character, and two lines join without a space.
 *
 * @module
 */

/** One character set full-width: a CJK ideograph or punctuation mark, kana, hangul, a full-width form. */
const FULL_WIDTH_CHARACTER =
  "[\\u3000-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\uff00-\\uffef]";

/** Characters set full-width, every one in a text. */
export const FULL_WIDTH = new RegExp(FULL_WIDTH_CHARACTER, "g");

const FULL_WIDTH_FIRST = new RegExp(`^${FULL_WIDTH_CHARACTER}`);
const FULL_WIDTH_LAST = new RegExp(`${FULL_WIDTH_CHARACTER}$`);

/** A sentence's end: a stop, then any closing quotation marks or brackets. */
const SENTENCE_END = /[.!?:\u3002\uff01\uff1f\uff1a\uff0e][\p{Pe}\p{Pf}"'\u00bb\u00ab\u201c]*$/u;

/** A sentence's opening: any opening quotation marks or brackets, then a capital or a caseless letter. */
const SENTENCE_OPENING = /^[\p{Ps}\p{Pi}"'\u201e\u201a]*[\p{Lu}\p{Lt}\p{Lo}]/u;

/** True when `text` (a line's, trailing space trimmed) ends a sentence. */
export function endsSentence(text: string): boolean {
  return SENTENCE_END.test(text);
}

/** True when `text` opens as a sentence does: with a capital, or a letter of a script without case. */
export function opensSentence(text: string): boolean {
  return SENTENCE_OPENING.test(text);
}

/** The first word of `text` (which opens with no space): its first character in Chinese or Japanese. */
export function firstWord(text: string): string {
  if (FULL_WIDTH_FIRST.test(text)) return text[0]!;
  return /^\S+/.exec(text)?.[0] ?? "";
}

/** True when two lines of prose join without a space: both sides of the break are full-width characters. */
export function joinsWithoutSpace(before: string, after: string): boolean {
  return FULL_WIDTH_LAST.test(before) && FULL_WIDTH_FIRST.test(after);
}
