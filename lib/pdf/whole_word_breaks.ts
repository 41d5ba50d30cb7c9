/**
 * Whether a document's typesetter hyphenates words at all. An HTML engine
 * without `hyphens: auto` (WeasyPrint, browsers' defaults) breaks lines only
 * at spaces and at hyphens the text has: in narrow columns of ragged prose
 * it leaves room at many a line's end for a syllable of the long word it
 * moved whole to the next line, room a hyphenating typesetter would have
 * filled. A document that shows that often keeps the hyphens ending its
 * lines (`cross-` / `platform`), even where it writes neither half again
 * (see `hyphen_breaks.ts`).
 *
 * @module
 */
import { characterWidth, whollyMonospace } from "./fonts.ts";
import { lastTextSpan } from "./span_text.ts";
import type { Line, PageText } from "./types.ts";

/** Fewest long words moved whole past room for a syllable that show a typesetter hyphenates none. */
const MIN_WHOLE_WORDS = 3;

/** Fewest letters of a word a hyphenating typesetter would break (two syllables of three or more). */
const LONG_WORD = 7;

/** A long word in lower case opening a text, up to a space or punctuation. */
const LONG_LOWER_WORD = new RegExp(`^\\p{Ll}\\p{L}{${LONG_WORD - 1},}(?=[\\s,.;:!?)]|$)`, "u");

/** Character cells a syllable and its hyphen take, with the space before them. */
const SYLLABLE_CELLS = 5;

/**
 * The right edge of the prose `line` stands in: the second furthest any line
 * of prose reaching over it ends (a title across both columns may run
 * further). Undefined with fewer than two such lines.
 */
function proseEdge(line: Line, prose: readonly Line[]): number | undefined {
  const ends = prose.filter((l) => l.x0 < line.x1 && l.x1 > line.x0).map((l) => l.x1);
  return ends.sort((a, b) => b - a)[1];
}

/**
 * True when `next`, the next line of `line`'s paragraph (below it, at its
 * left edge, in its size), opens with a long lower-case word that was moved
 * whole although room for its first syllable was left at `line`'s end.
 */
function movedWhole(line: Line, next: Line, prose: readonly Line[]): boolean {
  if (
    next.y <= line.y || Math.abs(next.x0 - line.x0) > 1 || Math.abs(next.size - line.size) > line.size * 0.15
  ) {
    return false;
  }
  if (lastTextSpan(line.spans)?.text.trimEnd().endsWith("-")) return false;
  const span = next.spans.find((s) => s.text.trim());
  if (!span || span.font.monospace) return false;
  const text = span.text.trimStart();
  const word = LONG_LOWER_WORD.exec(text)?.[0];
  if (!word) return false;
  const edge = proseEdge(line, prose);
  const cell = characterWidth(span);
  return edge !== undefined && edge - line.x1 > cell * SYLLABLE_CELLS;
}

/**
 * True when a document's typesetter hyphenates no word: at least
 * {@linkcode MIN_WHOLE_WORDS} times a line of prose ends with room for a
 * syllable of the long word that opens the paragraph's next line.
 */
export function hyphenatesNoWord(pages: readonly PageText[]): boolean {
  let whole = 0;
  for (const page of pages) {
    const prose = page.lines.filter((l) => !whollyMonospace(l));
    for (let i = 0; i + 1 < prose.length; i++) {
      if (movedWhole(prose[i]!, prose[i + 1]!, prose) && ++whole >= MIN_WHOLE_WORDS) return true;
    }
  }
  return false;
}
