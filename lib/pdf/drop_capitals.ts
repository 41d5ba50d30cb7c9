/**
 * Drop capitals: a paragraph's first letter set large, sunk over its first
 * two or three rows (IEEE's `\IEEEPARstart`), the rest of its first word
 * right of it on the first row. The letter's baseline is the last sunk
 * row's, and its height spans them all, so the rows beside it were read as
 * one line, the word was split (`T HIS`), and the rows under the sunk ones
 * stood two rows' distance away, a new paragraph.
 *
 * A drop capital is a span of one capital letter at least twice the size of
 * the text right of it, beside which two rows or more stand within its
 * height. It is set on the first of them at their size, running into the
 * first span there: one word, one row.
 *
 * @module
 */
import type { Span } from "./types.ts";

/** Least ratio of a drop capital's size to the text's beside it. */
const SCALE = 2;
/** How far, in the capital's sizes, the text beside it may start right of it. */
const REACH = 0.5;

/** The rows (baselines) of the spans right of `cap` within its height, each with its first span. */
function rowsBeside(cap: Span, spans: readonly Span[]): Map<number, Span> {
  const right = cap.x + cap.width, rows = new Map<number, Span>();
  for (const s of spans) {
    if (s === cap || !s.text.trim() || s.x < right - 0.5 || s.x > right + cap.size * REACH) continue;
    if (s.y > cap.y + 0.5 || s.y < cap.y - cap.size) continue;
    const key = Math.round(s.y);
    const first = rows.get(key);
    if (!first || s.x < first.x) rows.set(key, s);
  }
  return rows;
}

/** The size most of `spans`' characters are set in. */
function usualSize(spans: readonly Span[]): number {
  const bySize = new Map<number, number>();
  let best = 0, most = 0;
  for (const s of spans) {
    const n = (bySize.get(s.size) ?? 0) + s.text.length;
    bySize.set(s.size, n);
    if (n > most) [best, most] = [s.size, n];
  }
  return best;
}

/** `spans` with each drop capital set on its first row (see the module comment). */
export function inlineDropCapitals(spans: readonly Span[]): Span[] {
  // Only letters twice the page's usual size are looked at: a page of one span per glyph has many capitals.
  const usual = usualSize(spans);
  let out: Span[] | undefined;
  spans.forEach((cap, i) => {
    if (cap.size < usual * SCALE || !/^\p{Lu}$/u.test(cap.text.trim())) return;
    const rows = rowsBeside(cap, spans);
    if (rows.size < 2) return;
    const firsts = [...rows.values()];
    if (firsts.some((s) => cap.size < s.size * SCALE)) return;
    const first = firsts.reduce((a, b) => (b.y < a.y ? b : a));
    out ??= [...spans];
    out[i] = { ...cap, y: first.y, size: first.size, width: Math.max(0, first.x - cap.x) };
  });
  return out ?? [...spans];
}
