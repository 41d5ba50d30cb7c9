/**
 * Words broken inside a narrow table cell. A producer that sets a column
 * narrower than a word breaks the word where the cell ends, with no hyphen
 * (AbiWord does: `supp` over `ort`), so the lines would read as two words.
 * A line that fills its cell and ends in a letter, followed by a line that
 * opens with a lower-case letter, is one word broken in two when the document
 * uses the two halves joined as a word (or the pieces joined so far and the
 * next line's: `De` over `fa` over `ult`). A line filling its cell that ends
 * in a word's slash (an engine breaks after one: `Requests/` over `sec`) goes
 * on with the word opening the next line, whatever the words, and so does one
 * ending in an underscore or followed by a line opening with one (`opt0` over
 * `_0`: a name joined by underscores), and one ending in a number's point or
 * comma followed by a line opening with a digit (`1.` over `0`).
 *
 * In a ruled column only a few ems wide (AbiWord's, where a table has a
 * header row) most words break so, and few of them are used elsewhere. There a line
 * that left no room for the next line's first letter, ending in a letter,
 * followed by a lower-case letter, is one word broken in two unless the
 * next line opens with a word of the document's prose of three letters or
 * more, both halves are prose words, or the next line opens a word the line
 * after it finishes (`milli` over `on`, `color` over `s` are broken; `Basic`
 * over `color`, `color` over `supp` over `ort` are not). A line ended at a space where
 * the next letter would have fitted. Only a cell whose next line starts at the
 * column's left edge is read so: a centred cell (`Latest` over `yes`) sets its
 * lines in from that edge, and there the column's widest line ends at the
 * column's text edge without filling any cell.
 *
 * @module
 */
import { plainLineText } from "./inline.ts";
import type { Lexicon } from "./lexicon.ts";
import type { Line } from "./types.ts";
import { LETTERS_AT_END } from "./line_end_runs.ts";

/** How close, in ems, a line's end must come to its column's right edge to fill the cell. */
const FILLED_EM = 0.6;

/** Widest, in ems of its text, a column is read as narrow (see the module comment). */
const NARROW_EMS = 4;

/** Fewest letters of a prose word opening a narrow cell's line that open a word of their own. */
const MIN_TAIL_WORD = 3;

/** A narrow column's left edge and the document's prose words (see the module comment). */
export interface NarrowColumn {
  /** Where the column's text starts (its leftmost line's start). */
  left: number;
  /** The words of the document's text outside table cells. */
  prose: Lexicon;
}

/** True when `next` goes on with the word `line` breaks off, `right` being where the column's text ends. */
function breaksWord(
  line: Line,
  next: Line,
  right: number,
  words: Lexicon,
  narrow?: NarrowColumn,
  after?: Line,
  joinedHead?: string,
): boolean {
  if (line.x1 < right - line.size * FILLED_EM) return false;
  // Broken after a word's slash (`Requests/` over `sec`, `application/` over `json`): one word.
  if (/[\p{L}\p{N}]\/$/u.test(plainLineText(line).trimEnd()) && /^[\p{L}\p{N}]/u.test(plainLineText(next))) {
    return true;
  }
  // Broken inside a name joined by underscores (`opt0` over `_0`): no line of prose opens or ends at one.
  const end = plainLineText(line).trimEnd(), start = plainLineText(next);
  if (/[\p{L}\p{N}]_$/u.test(end) && /^[\p{L}\p{N}]/u.test(start)) return true;
  if (/[\p{L}\p{N}]$/u.test(end) && /^_[\p{L}\p{N}]/u.test(start)) return true;
  // Broken inside a number after its point or comma (`1.` over `0`, `14,` over `200`).
  if (/\d[.,]$/.test(end) && /^\d/.test(start)) return true;
  const head = LETTERS_AT_END.exec(plainLineText(line))?.[0];
  const tail = /^\p{Ll}+/u.exec(plainLineText(next))?.[0];
  if (!head || !tail) return false;
  // A word broken in three (`De` over `fa` over `ult`): the pieces joined so far go on with `next`.
  if (words(head + tail) || (joinedHead && words(joinedHead + tail))) return true;
  // Only a ruled column's edge is known to bound its text: an aligned table's columns end where their text does.
  if (!narrow || !line.spans[0]?.tag?.cell || right - narrow.left > line.size * NARROW_EMS) return false;
  const span = next.spans.find((s) => s.text.trim());
  const letter = span ? span.width / Math.max([...span.text.trim()].length, 1) : line.size / 2;
  // A line set in from the column's left edge is centred or set right: the widest line reaching `right` filled nothing.
  if (next.x0 > narrow.left + letter) return false;
  // `next` opens a word of its own: a prose word, or one the line after it finishes (`supp` over `ort`).
  const rest = after && plainLineText(next) === tail
    ? /^\p{Ll}+/u.exec(plainLineText(after))?.[0]
    : undefined;
  const word = (narrow.prose(tail) && (tail.length >= MIN_TAIL_WORD || narrow.prose(head))) ||
    (!!rest && words(tail + rest));
  return line.x1 + letter > right && !word;
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
 * @param narrow The column's left edge and the prose's words, to read a narrow column's breaks.
 */
export function joinBrokenWords(
  lines: readonly Line[],
  right: number,
  words: Lexicon,
  narrow?: NarrowColumn,
): Line[] | null {
  const out: Line[] = [];
  let changed = false;
  lines.forEach((line, i) => {
    // The line above as it stands on the page tells whether it filled the cell.
    const above = lines[i - 1];
    // The word the lines above end in once joined: a word broken in three mends piece by piece.
    const joinedHead = above && LETTERS_AT_END.exec(plainLineText(out.at(-1)!))?.[0];
    if (above && breaksWord(above, line, right, words, narrow, lines[i + 1], joinedHead)) {
      out[out.length - 1] = joined(out.at(-1)!, line);
      changed = true;
    } else out.push(line);
  });
  return changed ? out : null;
}
