/**
 * Patterns for the run of characters ending a line, span or name (its last word, its last digits, its
 * trailing spaces), written to be read in time linear in the text's length.
 *
 * A pattern such as `/\p{L}+$/` is tried by the engine from every position: inside one long token that
 * does not end the text (20,000 letters then a full stop), each letter starts a run to the token's end, the
 * square of its length. Each pattern here starts only where its run starts (a lookbehind says the character
 * before is not of the run), or asserts the end first and reads the run back from there, so every character
 * is read a bounded number of times. The answers are those of the plain patterns.
 *
 * @module
 */

/** The letters ending a text (`/\p{L}+$/u`). */
export const LETTERS_AT_END = /(?<!\p{L})\p{L}+$/u;

/** The non-space characters ending a text (`/\S+$/u`). */
export const NON_SPACE_AT_END = /(?<!\S)\S+$/u;

/** The digits ending a text (`/\d+$/`). */
export const DIGITS_AT_END = /(?<!\d)\d+$/;

/** The white space ending a text, empty when none (`/\s*$/`). */
export const SPACE_AT_END = /(?<!\s)\s*$/;

/** The letters and digits ending a text before its last hyphen, with the hyphen (`/[\p{L}\p{N}]+-$/u`). */
export const WORD_HYPHEN_AT_END = /(?<![\p{L}\p{N}])[\p{L}\p{N}]+-$/u;

/**
 * A text ending in a hyphen after a word opening with a letter; group 1 is the word from its first letter
 * (`/(\p{L}[\p{L}\p{N}]*)-$/u`). The hyphen at the end is asserted first, the word read back from it.
 */
export const LETTER_WORD_HYPHEN_AT_END = /-$(?<=(\p{L}[\p{L}\p{N}]*)-)/u;
