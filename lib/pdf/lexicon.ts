/**
 * The words a document uses, to tell a word a typesetter hyphenated at a line
 * end from one spelled with a hyphen: troff hyphenates inline code too, so
 * `Prom-` and `ise` on two lines are `Promise` when the document writes
 * `Promise` elsewhere and never `Prom-ise`.
 *
 * @module
 */
import type { PageText, Span } from "./types.ts";

/** Words, hyphenated compounds kept whole, as they appear in text. */
const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/** Tells whether a document uses a word (case-insensitive). */
export type Lexicon = (word: string) => boolean;

/**
 * The lexicon of a document's pages, built on first use: most documents
 * never ask.
 */
export function documentLexicon(pages: readonly PageText[]): Lexicon {
  return lexiconOf(pages, () => true);
}

/**
 * The lexicon of a document's text outside table cells, built on first use:
 * what a narrow cell breaks into pieces (`disab` over `led`) is no word of
 * it, while the cell's whole words mostly are.
 */
export function proseLexicon(pages: readonly PageText[]): Lexicon {
  return lexiconOf(pages, (span) => !span.tag?.cell);
}

/** The words of the spans `counts` keeps, built on first use. */
function lexiconOf(pages: readonly PageText[], counts: (span: Span) => boolean): Lexicon {
  let words: Set<string> | undefined;
  return (word) => {
    if (!words) {
      words = new Set();
      for (const page of pages) {
        for (const line of page.lines) {
          for (const span of line.spans) {
            if (!counts(span)) continue;
            for (const match of span.text.matchAll(WORD)) words.add(match[0].toLowerCase());
          }
        }
      }
    }
    return words.has(word.toLowerCase());
  };
}
