/**
 * A ruled cell narrower than a letter's width sets its text one letter a
 * line down the column (AbiWord: `r` / `e` / `a` / `d` / `s` / `a` / `n` /
 * `d`), and the space between two words falls at a line's end, where nothing
 * is drawn: the letters joined read as one word (`readsand`). A cell whose
 * lines each hold a letter or digit (or a few narrow ones: `il`) is read as
 * the fewest words of the document's prose (and numbers) its lines spell in
 * order, where they spell any; else as before.
 *
 * @module
 */
import { plainLineText } from "./inline.ts";
import type { Lexicon } from "./lexicon.ts";
import type { Line } from "./types.ts";

/** Fewest lines a cell's stack of letters has. */
const MIN_LINES = 2;

/** Most letters a line of a stack holds (narrow letters side by side: `il`). */
const MAX_LINE = 3;

/** Longest word looked for, in lines. */
const MAX_WORD = 24;

/**
 * The words a cell's lines of a letter or so each spell, a space between, or
 * null when a line holds more than {@linkcode MAX_LINE} letters or digits
 * (or anything else), most lines hold more than one, or the lines spell no
 * run of prose words and numbers. A word ends only at a line's end: a space
 * within a line would be drawn.
 *
 * @example
 * ```ts
 * // Lines `r`, `e`, `a`, `d`, `s`, `a`, `n`, `d` in a document whose prose says "reads" and "and":
 * stackedWords(lines, prose); // "reads and"
 * ```
 */
export function stackedWords(lines: readonly Line[], prose: Lexicon): string | null {
  if (lines.length < MIN_LINES) return null;
  const pieces: string[] = [];
  for (const line of lines) {
    const text = plainLineText(line).trim();
    if ([...text].length > MAX_LINE || !/^[\p{L}\p{N}]+$/u.test(text)) return null;
    pieces.push(text);
  }
  if (pieces.filter((p) => [...p].length > 1).length * 2 > pieces.length) return null;
  const word = (text: string) => /^\p{N}+$/u.test(text) || prose(text);
  // Fewest words spelling the first i lines, with the line each last word starts at.
  const best: Array<{ count: number; from: number } | undefined> = [{ count: 0, from: 0 }];
  for (let i = 1; i <= pieces.length; i++) {
    for (let j = Math.max(0, i - MAX_WORD); j < i; j++) {
      const before = best[j];
      if (!before || !word(pieces.slice(j, i).join(""))) continue;
      if (!best[i] || before.count + 1 < best[i]!.count) best[i] = { count: before.count + 1, from: j };
    }
  }
  if (!best[pieces.length]) return null;
  const words: string[] = [];
  for (let i = pieces.length; i > 0; i = best[i]!.from) {
    words.unshift(pieces.slice(best[i]!.from, i).join(""));
  }
  return words.join(" ");
}
