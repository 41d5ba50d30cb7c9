/**
 * A display formula's number where TeX sets it: at the margin, apart from the
 * formula, on the left (`leqno`) or on the right. A formula of several rows
 * has its number centred between them (`split`) or on one of them, so read
 * baseline by baseline it came between rows (`a = b + c − d + e − f (2) = g + h
 * = i`). A number standing left of every row reads before the formula, one
 * right of every row after it, as the page's reader meets it at the margin.
 *
 * @module
 */
import type { Line, Span } from "./types.ts";

/** An equation's number as LaTeX prints it: `(2)`, `(3.24)`, `(4.1a)`. */
const EQUATION_NUMBER = /^\(\d+(?:\.\d+)*[a-z]?\)$/;

/** Ems of space at least between a number and a row it shares a baseline with. */
const MARGIN_GAP_EM = 1;

/** A line of some of another line's spans. */
function lineOf(line: Line, spans: Span[]): Line {
  const last = spans.at(-1)!;
  return { ...line, spans, x0: spans[0]!.x, x1: last.x + last.width };
}

/** A line's equation number at one end, set a margin's gap apart from the rest, and the rest. */
function numberAtEnd(line: Line, side: "left" | "right"): { number: Line; rest: Line | null } | null {
  const spans = line.spans.filter((s) => s.text.trim());
  const at = side === "left" ? 0 : spans.length - 1;
  const span = spans[at];
  if (!span || !EQUATION_NUMBER.test(span.text.trim())) return null;
  if (spans.length === 1) return { number: line, rest: null };
  const rest = side === "left" ? spans.slice(1) : spans.slice(0, -1);
  const gap = side === "left"
    ? rest[0]!.x - (span.x + span.width)
    : span.x - (rest.at(-1)!.x + rest.at(-1)!.width);
  if (gap < span.size * MARGIN_GAP_EM) return null;
  return { number: lineOf(line, [span]), rest: lineOf(line, rest) };
}

/**
 * A tagged display formula's lines with its number first where the page sets it left of every row, last
 * where right of every row (see the module's comment); lines as they are where no line holds such a number,
 * or the formula's first line already opens with it (its last line ends with it).
 */
export function numberAtMargin(lines: Line[]): Line[] {
  if (lines.length < 2) return lines;
  for (const side of ["left", "right"] as const) {
    for (const [i, line] of lines.entries()) {
      if ((side === "left" && i === 0) || (side === "right" && i === lines.length - 1)) continue;
      const found = numberAtEnd(line, side);
      if (!found) continue;
      const rows = lines.flatMap((l, k) => k === i ? (found.rest ? [found.rest] : []) : [l]);
      const apart = side === "left"
        ? rows.every((r) => r.x0 > found.number.x1)
        : rows.every((r) => r.x1 < found.number.x0);
      if (!apart) continue;
      return side === "left" ? [found.number, ...rows] : [...rows, found.number];
    }
  }
  return lines;
}
