/**
 * The words a document uses, to tell a word a typesetter hyphenated at a line
 * end from one spelled with a hyphen: troff hyphenates inline code too, so
 * `Prom-` and `ise` on two lines are `Promise` when the document writes
 * `Promise` elsewhere and never `Prom-ise`.
 *
 * @module
 */
import { hyphenKeeper } from "./hyphen_breaks.ts";
import type { PageText, Span } from "./types.ts";

/** Words, hyphenated compounds kept whole, as they appear in text. */
const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/**
 * Tells whether a document uses a word (case-insensitive), and whether a
 * hyphen ending a line of its prose is the word's own (see `hyphen_breaks.ts`).
 */
export interface Lexicon {
  (word: string): boolean;
  keepsHyphen?: (head: string, tail: string) => boolean;
}

/**
 * The lexicon of a document's pages, built on first use: most documents
 * never ask.
 */
export function documentLexicon(pages: readonly PageText[]): Lexicon {
  const uses = wordUses(pages, () => true);
  const lexicon: Lexicon = (word) => uses(word) > 0;
  // A word written joined only in code (an identifier) shows no typesetter hyphenating.
  lexicon.keepsHyphen = hyphenKeeper(pages, uses, wordUses(pages, (span) => !span.font.monospace));
  return lexicon;
}

/**
 * The lexicon of a document's text outside table cells, built on first use:
 * what a narrow cell breaks into pieces (`disab` over `led`) is no word of
 * it, while the cell's whole words mostly are.
 */
export function proseLexicon(pages: readonly PageText[]): Lexicon {
  const uses = wordUses(pages, (span) => !span.tag?.cell);
  return (word) => uses(word) > 0;
}

/** How many times the spans `counts` keeps write a word, counted on first use. */
function wordUses(pages: readonly PageText[], counts: (span: Span) => boolean): (word: string) => number {
  let words: Map<string, number> | undefined;
  return (word) => {
    if (!words) {
      words = new Map();
      for (const page of pages) {
        for (const line of page.lines) {
          for (const span of line.spans) {
            if (!counts(span)) continue;
            for (const match of span.text.matchAll(WORD)) {
              const key = match[0].toLowerCase();
              words.set(key, (words.get(key) ?? 0) + 1);
            }
          }
        }
      }
    }
    return words.get(word.toLowerCase()) ?? 0;
  };
}
