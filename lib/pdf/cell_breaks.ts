/**
 * Words broken inside a narrow table cell. A producer that sets a column
 * narrower than a word breaks the word where the cell ends, with no hyphen
 * (AbiWord does: `supp` over `ort`), so the lines would read as two words.
 * A line that fills its cell and ends in a letter, followed by a line that
 * opens with a lower-case letter, is one word broken in two when the document
 * uses the two halves joined as a word.
 *
 * @module
 */
import { plainLineText } from "./inline.ts";
import type { Lexicon } from "./lexicon.ts";
import type { Line } from "./types.ts";

/** How close, in ems, a line's end must come to its column's right edge to fill the cell. */
const FILLED_EM = 0.6;

/** True when `next` goes on with the word `line` breaks off, `right` being where the column's text ends. */
function breaksWord(line: Line, next: Line, right: number, words: Lexicon): boolean {
  if (line.x1 < right - line.size * FILLED_EM) return false;
  const head = /\p{L}+$/u.exec(plainLineText(line))?.[0];
  const tail = /^\p{Ll}+/u.exec(plainLineText(next))?.[0];
  return !!head && !!tail && words(head + tail);
}

/** One line of `line`'s spans and `next`'s, the latter moved up against the former's end. */
function joined(line: Line, next: Line): Line {
  const shift = line.x1 - next.x0;
  const spans = next.spans.map((s) => ({ ...s, x: s.x + shift, y: line.y }));
  return { ...line, spans: [...line.spans, ...spans], x1: next.x1 + shift };
}

/**
 * A cell's lines with each word broken at the cell's edge made whole, or null
 * when no word is broken.
 *
 * @param lines The cell's lines, in order.
 * @param right Where the text of the cell's column ends (its longest line's end).
 * @param words The document's words.
 */
export function joinBrokenWords(lines: readonly Line[], right: number, words: Lexicon): Line[] | null {
  const out: Line[] = [];
  let changed = false;
  lines.forEach((line, i) => {
    // The line above as it stands on the page tells whether it filled the cell.
    const above = lines[i - 1];
    if (above && breaksWord(above, line, right, words)) {
      out[out.length - 1] = joined(out.at(-1)!, line);
      changed = true;
    } else out.push(line);
  });
  return changed ? out : null;
}
