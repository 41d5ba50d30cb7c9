/**
 * Rows of code wrapped at a space in a document whose listings draw the
 * spaces they break at (an HTML engine's `pre-wrap` hangs the space at the
 * row's end and draws it, `line_end_spaces.ts`): a row ending in a drawn
 * space goes on in the row below where the next word would not have fitted
 * after it. A source line seldom ends in a space. A row ending in none after
 * a hyphen or slash inside a word or path broke there, however far from the
 * edge, where the next row's first word would not have fitted after it (a
 * source line seldom ends so either). A row ending in none elsewhere at
 * its column's edge is no sign of a break inside a token there: in a narrow
 * column as many source lines end so (tried: two-column listings' comments
 * joined to the next line).
 *
 * @module
 */
import { lastTextSpan } from "./span_text.ts";
import type { Line } from "./types.ts";

/** Character cells past the column's prose edge a row may end: ragged prose seldom fills its column. */
const EDGE_SLACK_CELLS = 2;

/**
 * True when code row `next` goes on with the row above it, `prev`, in a
 * document whose listings draw their break spaces: see the module's comment.
 *
 * @param cell The width of a character cell.
 * @param edge The right edge of the column's prose, where known.
 */
export function wrapsAtDrawnBreak(prev: Line, next: Line, cell: number, edge: number | undefined): boolean {
  if (edge === undefined || prev.x1 > edge + cell * EDGE_SLACK_CELLS) return false;
  const opening = next.spans.find((s) => s.text.trim())?.text.trimStart() ?? "";
  const word = /^\S+/.exec(opening)?.[0] ?? "";
  if (!word) return false;
  const last = lastTextSpan(prev.spans);
  if (last?.spaceAfter) return prev.x1 + (1 + word.length) * cell > edge;
  // No space drawn after a hyphen or slash inside a word or path: broken there, wherever the row
  // ends, when the next row's first word would not have fitted after it (`dist/browser/`
  // `axios.cjs");`).
  return /\w{2}[-/]$/.test(last?.text.trimEnd() ?? "") && prev.x1 + word.length * cell > edge;
}
