/**
 * The notes at a page's foot, set apart for the body size's measure: a
 * paper's first page may hold more characters of notes (affiliations, the
 * date received) than of body text, and taken for the body's, their smaller
 * size turns every body paragraph into a heading.
 *
 * A page's foot band is the run of lines at its bottom that stands below a
 * wide gap (the vertical fill a typesetter puts above notes it pushes to the
 * foot), starts in the page's lower part, and is set smaller than most of the
 * page's other characters, no word of it monospace: a closing paragraph at the
 * body's size after a figure is no note, nor a listing set small. On a page
 * of two columns the band is read last, after both columns (`footBandLast`).
 *
 * @module
 */
import type { Line, PageText } from "./types.ts";

/** Share of the page's height above which a foot band does not start. */
const LOWER_PART = 0.6;
/** Least gap, in the band's first line's sizes, between the band and the text above it. */
const GAP_SIZES = 3;

/** Character count by size rounded to the half point, of `lines`. */
function charactersBySize(lines: PageText["lines"]): Map<number, number> {
  const bySize = new Map<number, number>();
  for (const line of lines) {
    for (const span of line.spans) {
      const key = Math.round(span.size * 2) / 2;
      bySize.set(key, (bySize.get(key) ?? 0) + span.text.length);
    }
  }
  return bySize;
}

/** The size most of `lines`' characters are set in (undefined for none). */
function usualSize(lines: PageText["lines"]): number | undefined {
  let best: number | undefined, most = 0;
  for (const [size, count] of charactersBySize(lines)) {
    if (count > most) [best, most] = [size, count];
  }
  return best;
}

/**
 * Where the notes at a page's foot start: the baseline of the band's first
 * line (see the module comment), or `Infinity` when the page has none.
 */
export function footBandTop(page: Pick<PageText, "lines" | "height">): number {
  const lines = page.lines;
  if (lines.length < 2) return Infinity;
  const ys = lines.map((l) => l.y).sort((a, b) => a - b);
  // The size of the first line on each baseline, filed once: looked up per baseline, a page of many lines
  // low on it took time in the square of its lines.
  const sizeAt = new Map<number, number>();
  for (const l of lines) if (!sizeAt.has(l.y)) sizeAt.set(l.y, l.size);
  let top = Infinity;
  for (let i = ys.length - 1; i > 0 && ys[i]! >= page.height * LOWER_PART; i--) {
    const size = sizeAt.get(ys[i]!)!;
    if (ys[i]! - ys[i - 1]! >= size * GAP_SIZES) {
      top = ys[i]!;
      break;
    }
  }
  if (top === Infinity) return top;
  const above = usualSize(lines.filter((l) => l.y < top));
  const band = lines.filter((l) => l.y >= top);
  // Notes are prose: a listing set small at a column's foot is the text's.
  const smaller = above !== undefined &&
    !band.some((l) => l.spans.some((s) => s.font.monospace && /[\p{L}\p{N}]/u.test(s.text))) &&
    band.every((l) => l.spans.every((s) => Math.round(s.size * 2) / 2 < above || !s.text.trim()));
  return smaller ? top : Infinity;
}

/**
 * A two-column page's lines in reading order with its foot band last: the
 * notes at the left column's foot are read after the right column, as the
 * page's, not between the two columns' text.
 */
export function footBandLast(lines: Line[], height: number): Line[] {
  const top = footBandTop({ lines, height });
  return top === Infinity ? lines : [...lines.filter((l) => l.y < top), ...lines.filter((l) => l.y >= top)];
}
