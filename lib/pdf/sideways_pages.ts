/**
 * Pages printed sideways. A table too wide for the page (LaTeX's
 * `rotatetable`, `sidewaystable`, `landscape`) is often set turned a quarter
 * turn inside an upright page, with no `/Rotate` entry to say so: every line
 * of it runs up (or down) the page. Text reading across the upright flow is
 * left out as a rotated label would be, and the whole table was lost. Where
 * most of a page's characters read one quarter (or half) turn away from
 * upright, the page is read turned that way, as a viewer turning it would;
 * the few upright ones (a running head, a page number) are then the rotated
 * ones. A page whose turned text is a figure's axis labels beside upright
 * prose is read as it stands.
 *
 * @module
 */
import { multiply } from "./affine.ts";
import type { OutlineEntry, PageText } from "./types.ts";

/** Fields of a text content item used here. */
interface TextItem {
  str?: string;
  transform?: number[];
}

/** How far off a quarter turn a glyph's direction may lean, as a share of its length. */
const LEAN = 0.01;

/**
 * The turn, clockwise in degrees (0, 90, 180 or 270), that sets upright most
 * of the characters of a page's text `items`, read through the viewport's
 * transform `view` (page space to top-down coordinates): 0 unless more of
 * them read one turned way than read upright.
 */
export function sidewaysTurn(items: readonly unknown[], view: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const raw of items) {
    const item = raw as TextItem;
    if (!item.transform || !item.str?.trim()) continue;
    const [a = 0, b = 0] = multiply(view, item.transform);
    const turn = quarterTurn(a, b);
    if (turn !== undefined) counts.set(turn, (counts.get(turn) ?? 0) + item.str.trim().length);
  }
  let best = 0;
  for (const [turn, count] of counts) if (count > (counts.get(best) ?? 0)) best = turn;
  return best;
}

/**
 * The clockwise turn that sets a glyph's direction `(a, b)` (top-down
 * coordinates) reading left to right, or undefined when it is no quarter turn.
 * Text drawn at no size (a zero font size or matrix, hidden text) has no
 * direction: counted as upside down, it turned the page away from its visible text.
 */
function quarterTurn(a: number, b: number): number | undefined {
  if (!(Math.hypot(a, b) > 0)) return undefined;
  if (Math.abs(b) <= Math.abs(a) * LEAN) return a > 0 ? 0 : 180;
  if (Math.abs(a) <= Math.abs(b) * LEAN) return b < 0 ? 90 : 270;
  return undefined;
}

/**
 * The page's view to keep beside its text, `{}` where it is the plain
 * upright one (`[1, 0, 0, -1, 0, height]`, which a destination's top needs
 * no view to be measured by). A page turned by its `/Rotate` entry, or whose
 * media or crop box does not start at the origin (a cropped, imposed or
 * scanned page), is read through a transform that moves every point: an
 * outline destination, in page space, lands on its text only through it.
 */
export function readView(viewport: { transform: number[]; height: number }): { view?: number[] } {
  const [a, b, c, d, e, f] = viewport.transform;
  const plain = a === 1 && b === 0 && c === 0 && d === -1 && e === 0 && f === viewport.height;
  return plain ? {} : { view: viewport.transform };
}

/**
 * Where an outline destination's top lands on a page as read, in its
 * top-down coordinates: its height from the page's top on a plain upright
 * page; on a page read through a view (turned, rotated by `/Rotate`, or
 * its box off the origin: see {@linkcode readView}), its point through the
 * view, a quarter turn taking the height from the destination's left edge
 * (unknown where it names none, as `FitH` does).
 */
export function destinationHeight(
  page: Pick<PageText, "height" | "view">,
  entry: Pick<OutlineEntry, "top" | "left">,
): number | undefined {
  if (entry.top === undefined) return undefined;
  const { view } = page;
  if (!view) return page.height - entry.top;
  if (view[1] !== 0 && entry.left === undefined) return undefined;
  return view[1]! * (entry.left ?? 0) + view[3]! * entry.top + view[5]!;
}
