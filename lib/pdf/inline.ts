/**
 * Inline Markdown from lines of spans: each line's spans read into pieces
 * (words spaced by their gaps, `span_spacing.ts`; a note's mark as footnote
 * syntax, `note_markup.ts`; monospace runs as code), the lines joined where
 * they broke (`line_joins.ts`), and the pieces written out with links, code
 * spans and Markdown's own characters escaped (`inline_render.ts`).
 *
 * @module
 */
import { bracketsIntoCode } from "./code_brackets.ts";
import { renderPieces } from "./inline_render.ts";
import type { Lexicon } from "./lexicon.ts";
import { joinLineBreak } from "./line_joins.ts";
import { noteMarkup } from "./note_markup.ts";
import { spacedApart } from "./span_spacing.ts";
import type { Line, Piece, Span } from "./types.ts";

/**
 * A line's text, spaced by its gaps (`span_spacing.ts`): read by most of the
 * converter's passes, which take it from here with inline Markdown.
 */
export { plainLineText } from "./span_spacing.ts";

/** Turns one line's spans into pieces, inserting spaces at visible gaps. */
function spanPieces(spans: readonly Span[], codeAllowed: boolean): Piece[] {
  const pieces: Piece[] = [];
  let prev: Span | undefined;
  for (const span of spans) {
    if (prev && spacedApart(prev, span)) pieces.push({ text: " ", code: false });
    const note = noteMarkup(span, prev);
    const piece: Piece = note ? { text: note, code: false, markup: true } : {
      text: span.text,
      code: codeAllowed && span.font.monospace,
    };
    if (span.link && !note) piece.link = span.link;
    pieces.push(piece);
    prev = span;
  }
  return codeAllowed ? bracketsIntoCode(pieces) : pieces;
}

/**
 * Joins lines into one run of inline Markdown.
 *
 * @param lines The lines, in order.
 * @param options `code`: mark monospace runs as code spans (off inside code blocks); `words`: the
 *   document's words, to join code a typesetter hyphenated.
 */
export function inlineMarkdown(
  lines: readonly Line[],
  options: { code?: boolean; words?: Lexicon } = {},
): string {
  const pieces: Piece[] = [];
  let dashesOnly = false;
  let prevLine: Line | undefined;
  for (const line of lines) {
    const own = spanPieces(line.spans, options.code ?? true);
    const first = own[0];
    if (pieces.length > 0 && first) {
      joinLineBreak(pieces, first, { line, prevLine, lines, dashesOnly, words: options.words });
    }
    for (const piece of own) pieces.push(piece);
    prevLine = line;
    dashesOnly = /^-{1,2}$/.test(own.map((p) => p.text).join("").trim());
  }
  return renderPieces(pieces).replace(/\s+/g, " ").trim();
}
