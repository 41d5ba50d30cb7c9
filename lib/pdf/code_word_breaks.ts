/**
 * Inline code broken inside a token. An HTML engine told to wrap long words
 * (`overflow-wrap: break-word`, pandoc's style) breaks a token of code too
 * wide for its line anywhere (`ipaddr.IPv4.isValidFourPartDeci` / `mal()`),
 * and only then, once it stands on a line of its own: a token that fits is
 * moved whole to the next line. So where a full line holding one token of
 * code and the code opening the next, taken as one token, are wider than any
 * line of their paragraph in that column, no space parted them.
 *
 * @module
 */
import { characterWidth } from "./fonts.ts";
import { lastTextSpan } from "./span_text.ts";
import type { Line, Span } from "./types.ts";
import { NON_SPACE_AT_END } from "./line_end_runs.ts";

/** The width of the run of non-space characters ending (or opening) a span, at its mean character width. */
function tokenWidth(span: Span, atEnd: boolean): number {
  const token = atEnd
    ? NON_SPACE_AT_END.exec(span.text.trimEnd())?.[0]
    : /^\S+/u.exec(span.text.trimStart())?.[0];
  return token ? characterWidth(span) * [...token].length : 0;
}

/**
 * True when the code `prev` holds alone and the code opening `line` are one
 * token broken inside it: both monospace, letters or digits on both sides of the
 * break, `prev` reaching the right end of the run's lines (`lines`, those in
 * `prev`'s column) within a character and its token no wider than they are,
 * and the two together wider. A token that fit would have moved whole; one
 * that overran its line (in a table's cell) was not broken at all.
 */
export function brokenInsideCode(prev: Line, line: Line, lines: readonly Line[]): boolean {
  const last = lastTextSpan(prev.spans);
  const first = line.spans.find((s) => s.text.trim());
  if (!last?.font.monospace || !first?.font.monospace) return false;
  // The token was moved to a line of its own before it was broken: the line holds it alone.
  if (prev.spans.some((s) => s !== last && s.text.trim()) || /\s/.test(last.text.trim())) return false;
  if (!/[\p{L}\p{N}]$/u.test(last.text.trimEnd()) || !/^[\p{L}\p{N}]/u.test(first.text.trimStart())) {
    return false;
  }
  let left = Infinity, right = -Infinity;
  // The run's lines in `prev`'s column: a paragraph may run on over a column turn.
  for (const l of lines) {
    if (l.page !== prev.page || l.x0 >= prev.x1 || l.x1 <= prev.x0) continue;
    left = Math.min(left, l.x0);
    right = Math.max(right, l.x1);
  }
  const cell = characterWidth(last);
  const head = tokenWidth(last, true);
  return prev.x1 >= right - cell && head <= right - left + 0.5 &&
    head + tokenWidth(first, false) > right - left + 0.5;
}
