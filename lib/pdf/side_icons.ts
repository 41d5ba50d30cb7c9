/**
 * Icons set beside a box's text: an admonition's sign (LaTeX's `awesomebox`
 * draws a Font Awesome glyph left of a note's rule), a symbol in the margin.
 * The glyph is one or two characters set far larger than the text, centred
 * on the box's height, so it falls between two of the text's lines and its
 * size made it read as a heading that split the paragraph it stands beside.
 * A line is such an icon when it holds at most two characters at least
 * {@linkcode ICON_SCALE} times the size of the lines before and after it, ends
 * left of both, and those two lines stand no further apart than a line step
 * of theirs ({@linkcode STEP_EMS} ems): the text runs on beside it as if it
 * were not there. It carries no words, so it is dropped.
 *
 * @module
 */
import type { Line, PageText } from "./types.ts";

/** Least size of an icon over the text beside it. */
const ICON_SCALE = 1.6;

/** Most distance, in the text's ems, between the lines above and below an icon: one line step. */
const STEP_EMS = 2;

/** True when `line` is an icon beside the text running on from `prev` to `next`. */
function isSideIcon(prev: Line, line: Line, next: Line): boolean {
  const text = line.spans.map((s) => s.text).join("").replace(/\s/g, "");
  if (text.length === 0 || [...text].length > 2 || line.spans.some((s) => s.tag)) return false;
  const size = Math.max(prev.size, next.size);
  return line.size >= size * ICON_SCALE && line.x1 < Math.min(prev.x0, next.x0) &&
    prev.y < line.y && line.y < next.y && next.y - prev.y <= next.size * STEP_EMS;
}

/** The pages without the icons set beside their text. */
export function dropSideIcons(pages: readonly PageText[]): PageText[] {
  return pages.map((page) => {
    const lines = page.lines.filter((line, i) => {
      const prev = page.lines[i - 1], next = page.lines[i + 1];
      return !prev || !next || !isSideIcon(prev, line, next);
    });
    return lines.length === page.lines.length ? page : { ...page, lines };
  });
}
