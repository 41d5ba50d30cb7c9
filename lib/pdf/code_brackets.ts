/**
 * Brackets a typewriter face lacks, set inside code. TeX's classic
 * typewriter encoding has no braces: `{\tt\string\begin\{table\}}` prints
 * the braces from the math symbols' font, so a command shown in the text
 * reads as code, a brace in another face, code again (`` `\begin`{`table`} ``),
 * and each part became a code span of its own. A run of brackets between
 * two pieces of code, glued to both (no space), is code; so is a closing
 * bracket glued to the code after it opened one (`` `\end{table` `` then
 * `}.`: the brace is the code's, the full stop the sentence's).
 *
 * @module
 */
import type { Piece } from "./types.ts";

/** Brackets only. */
const BRACKETS = /^[{}[\]()<>]+$/;

/** Closing brackets opening a piece, and what follows them. */
const CLOSING = /^([}\])>]+)(.*)$/s;

/** The opening bracket each closing one answers. */
const OPENER: Record<string, string> = { "}": "{", "]": "[", ")": "(", ">": "<" };

/** True for a piece that is plain text: no code, link or Markdown of its own. */
function plain(piece: Piece | undefined): piece is Piece {
  return !!piece && !piece.code && !piece.link && !piece.markup;
}

/** How many of `open` the code run ending at `pieces[end]` (spaces inside it too) leaves unclosed by `close`. */
function unclosed(pieces: readonly Piece[], end: number, open: string, close: string): number {
  let depth = 0;
  for (let i = end; i >= 0 && (pieces[i]!.code || pieces[i]!.text === " "); i--) {
    for (const c of pieces[i]!.text) depth += c === open ? 1 : c === close ? -1 : 0;
  }
  return depth;
}

/** `pieces` (one line's) with brackets glued between code, or closing code's bracket, made code. */
export function bracketsIntoCode(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!, before = out.at(-1), after = pieces[i + 1];
    if (!plain(piece) || !before?.code || before.link) {
      out.push(piece);
      continue;
    }
    if (BRACKETS.test(piece.text) && after?.code && !after.link) {
      out.push({ ...piece, code: true });
      continue;
    }
    const closing = CLOSING.exec(piece.text);
    const close = closing?.[1]?.[0];
    if (closing && close && unclosed(out, out.length - 1, OPENER[close]!, close) >= closing[1]!.length) {
      out.push({ ...piece, text: closing[1]!, code: true });
      if (closing[2]) out.push({ ...piece, text: closing[2] });
      continue;
    }
    out.push(piece);
  }
  return out;
}
