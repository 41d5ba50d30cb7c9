/**
 * Symbols a monospace font lacks, drawn from a fallback font inside a row
 * of code. groff's Courier has no `±`, so gropdf sets it in the Symbol font
 * between two pieces of the row (`'` `±` ` 2.92 %'`); the row is then not
 * wholly monospace, and an aligned listing of benchmark results became a
 * table (rows wholly in a monospace font stay code, `segment_rows.ts`). A
 * span of one or two signs past ASCII ({@linkcode SYMBOLS}) in a
 * proportional font, glued to a monospace span on its left and followed on
 * its baseline by another within a character cell, at the same size, is
 * taken for the code's own: its style becomes a monospace copy. A sign
 * between two pieces of inline code in prose (`a` → `b`) stands a space
 * apart from both.
 *
 * @module
 */
import { byBaseline } from "./baseline_rows.ts";
import type { FontStyle, Span } from "./types.ts";

/**
 * One or two symbols past ASCII (mathematical, currency or other signs: `±`, `×`, `→`). Every
 * monospace font has ASCII's punctuation, so a comma or a slash in another font between pieces of
 * code is prose's (`` `A`, `B` ``); so is typographic punctuation, a range's dash or an ellipsis
 * standing for an argument (`` `cmex7`–`9` ``, `` `\ref{`…`}` ``).
 */
const SYMBOLS = /^(?:(?!\p{ASCII})[\p{Sm}\p{Sc}\p{So}]){1,2}$/u;

/** How far, in ems, the symbol may stand from the code before it (glued: a rounding's width). */
const GLUED_EM = 0.05;

/** How far, in character cells, the code after it may start past its end (a space and slack). */
const AFTER_CELLS = 1.25;

const monospaceCopies = new WeakMap<FontStyle, FontStyle>();

/** A monospace copy of `style`. */
function monospaceCopy(style: FontStyle): FontStyle {
  let copy = monospaceCopies.get(style);
  if (!copy) monospaceCopies.set(style, copy = { ...style, monospace: true });
  return copy;
}

/**
 * Gives each fallback symbol inside a row of code (see the module's
 * comment) a monospace style, in place.
 */
export function adoptFallbackSymbols(spans: Span[]): void {
  if (!spans.some((s) => s.font.monospace)) return;
  const onRow = byBaseline(spans);
  for (const span of spans) {
    if (span.font.monospace || !SYMBOLS.test(span.text)) continue;
    const near = onRow(span.y).filter((o) =>
      o !== span && o.font.monospace && Math.abs(o.y - span.y) <= span.size * 0.1 &&
      Math.abs(o.size - span.size) <= span.size * 0.1
    );
    const before = near.find((o) => Math.abs(o.x + o.width - span.x) <= span.size * GLUED_EM);
    if (!before) continue;
    const cell = before.width / Math.max(1, [...before.text].length);
    const end = span.x + span.width;
    const after = near.some((o) => o.x >= end - span.size * GLUED_EM && o.x - end <= cell * AFTER_CELLS);
    if (after) span.font = monospaceCopy(span.font);
  }
}
