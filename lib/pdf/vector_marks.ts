/**
 * List bullets drawn as vector shapes. Some producers (HTML engines among
 * them) paint a list's discs, circles and squares as small paths with no
 * glyph in the text layer. This reads the page's operator list for small,
 * roughly square painted paths and turns each one that sits just left of a
 * line's first word, at its x-height, into a bullet span, so list detection
 * sees it like a bullet glyph.
 *
 * @module
 */
import { multiply } from "./affine.ts";
import { isFrameRing } from "./frame_rings.ts";
import { findGrids, type Grid, pathRules, type Rule } from "./rulings.ts";
import type { Span } from "./types.ts";
import { greatest, least } from "./extremes.ts";

/** A painted shape's box in top-down page coordinates, and whether it was filled. */
export interface Mark {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  filled: boolean;
  /** A thin upright filled bar: the rule an HTML engine paints left of a block quote. */
  bar?: boolean;
}

/** The fields of pdf.js' operator list used here. */
export interface OperatorList {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

/** Largest mark side, in points, kept at all (bullets are a few points across). */
const MAX_SIDE = 12;
/** A quote's rule: at most this wide (points), and at least three times taller than wide. */
const BAR_WIDTH = 6;

/**
 * The pdf.js operator codes read here, in `shape_hint.ts` and in
 * `ligature_glyphs.ts` (its public `OPS` table; a test checks them), spelled
 * out so none of them loads pdf.js.
 */
export const OPS = {
  setGState: 9,
  save: 10,
  restore: 11,
  transform: 12,
  moveTo: 13,
  lineTo: 14,
  curveTo: 15,
  curveTo2: 16,
  curveTo3: 17,
  rectangle: 19,
  stroke: 20,
  closeStroke: 21,
  fill: 22,
  eoFill: 23,
  fillStroke: 24,
  eoFillStroke: 25,
  closeFillStroke: 26,
  closeEOFillStroke: 27,
  endPath: 28,
  clip: 29,
  eoClip: 30,
  setFont: 37,
  showText: 44,
  paintFormXObjectBegin: 74,
  paintFormXObjectEnd: 75,
  constructPath: 91,
} as const;

const FILLS = new Set<number>([
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);
const STROKES = new Set<number>([OPS.stroke, OPS.closeStroke]);
const EVEN_ODD = new Set<number>([OPS.eoFill, OPS.eoFillStroke, OPS.closeEOFillStroke]);

/** The style of a bullet span: a bullet is neither code nor emphasis. */
const PLAIN = { name: "", bold: false, italic: false, monospace: false };

/** Painted shapes of a page that structure detection reads. */
export interface PageShapes {
  /** Small shapes: bullet candidates. */
  marks: Mark[];
  /** Filled areas several ems wide and at least a line tall: the shading behind code blocks. */
  areas: Array<Omit<Mark, "filled">>;
  /** Table grids drawn by rules (`rulings.ts`). */
  grids: Grid[];
  /** Filled boxes up to a few lines tall: inline code's backgrounds among them (`inline_boxes.ts`). */
  boxes: Array<Omit<Mark, "filled">>;
  /** Drawn rules that are part of no table grid: thematic breaks among them (`thematic_breaks.ts`). */
  rules: Rule[];
}

/** Tallest filled box, in points, kept as a candidate inline box. */
const MAX_BOX_HEIGHT = 40;

/**
 * Small painted shapes and shaded areas of a page.
 *
 * @param ops The page's operator list.
 * @param view The viewport transform (PDF space → top-down page space).
 * @param pageArea The page's area; fills covering half of it are the page's background.
 */
export function pageShapes(ops: OperatorList, view: readonly number[], pageArea: number): PageShapes {
  const shapes: PageShapes = { marks: [], areas: [], grids: [], boxes: [], rules: [] };
  const rules: Rule[] = [];
  const stack: Array<[number[], Rule | null]> = [];
  let ctm = [...view];
  /** The clipping box when it is a thin one (a rule): a fill through it paints that rule. */
  let clip: Rule | null = null, clipping = false;
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i]!;
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push([ctm, clip]);
    else if (fn === OPS.restore) [ctm, clip] = stack.pop() ?? [ctm, clip];
    else if (fn === OPS.transform) ctm = multiply(ctm, args as number[]);
    else if (fn === OPS.clip || fn === OPS.eoClip) clipping = true;
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push([ctm, clip]);
      const matrix = args?.[0] as number[] | null;
      if (matrix) ctm = multiply(ctm, matrix);
    } else if (fn === OPS.paintFormXObjectEnd) [ctm, clip] = stack.pop() ?? [ctm, clip];
    else if (fn === OPS.constructPath) {
      const paint = args?.[0] as number;
      const box = args?.[2] as ArrayLike<number> | null;
      if (clipping && box) clip = thinClip(transformBox(ctm, box));
      clipping = false;
      if (!box || !(FILLS.has(paint) || STROKES.has(paint))) continue;
      const path = (args?.[1] as ArrayLike<unknown> | null)?.[0] as ArrayLike<number> | undefined;
      if (path) { for (const rule of pathRules(path, STROKES.has(paint), ctm)) rules.push(rule); }
      const mark = transformBox(ctm, box);
      // Some HTML engines paint a border by filling the page through a clip the border's shape.
      if (clip && FILLS.has(paint) && covers(mark, clip)) rules.push(clip);
      const w = mark.x1 - mark.x0, h = mark.y1 - mark.y0;
      if (FILLS.has(paint) && w > 2 && h > 4 && h <= MAX_BOX_HEIGHT) shapes.boxes.push(mark);
      if (FILLS.has(paint) && w > 0.8 && w <= BAR_WIDTH && h > 4 && h > w * 3) {
        shapes.marks.push({ ...mark, filled: true, bar: true });
      } else if (w > 0.8 && h > 0.8 && w <= MAX_SIDE && h <= MAX_SIDE) {
        shapes.marks.push({ ...mark, filled: FILLS.has(paint) });
      } else if (FILLS.has(paint) && w > 40 && h > 8 && w * h < pageArea / 2) {
        // A border band filled even-odd paints no ground under what it frames.
        if (!(EVEN_ODD.has(paint) && path && isFrameRing(path))) shapes.areas.push(mark);
      }
    }
  }
  shapes.grids = findGrids(rules);
  shapes.rules = rules.filter((r) => !shapes.grids.some((g) => within(r, g)));
  // A table's rules are no quote's rule.
  if (shapes.grids.length) {
    shapes.marks = shapes.marks.filter((m) => !m.bar || !shapes.grids.some((g) => within(m, g)));
  }
  return shapes;
}

/** A clipping box when it is thin and long enough to be a rule, else null. */
function thinClip(box: Rule): Rule | null {
  const w = box.x1 - box.x0, h = box.y1 - box.y0;
  return (h <= 3 && w >= 4) || (w <= 3 && h >= 4) ? box : null;
}

/** True when box `outer` holds box `inner`, give or take half a point. */
function covers(outer: Rule, inner: Rule): boolean {
  return outer.x0 <= inner.x0 + 0.5 && outer.x1 >= inner.x1 - 0.5 && outer.y0 <= inner.y0 + 0.5 &&
    outer.y1 >= inner.y1 - 0.5;
}

/** True when a box lies within a grid's outer rules, give or take 3 points. */
function within(m: Rule, g: Grid): boolean {
  return m.x0 >= g.xs[0]! - 3 && m.x1 <= g.xs.at(-1)! + 3 && m.y0 >= g.ys[0]! - 3 && m.y1 <= g.ys.at(-1)! + 3;
}

/** A box `[minX, minY, maxX, maxY]` through a matrix, as an upright box. */
function transformBox(m: readonly number[], box: ArrayLike<number>): Omit<Mark, "filled"> {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m;
  const xs: number[] = [], ys: number[] = [];
  for (const [x, y] of [[box[0]!, box[1]!], [box[2]!, box[1]!], [box[0]!, box[3]!], [box[2]!, box[3]!]]) {
    xs.push(a * x! + c * y! + e);
    ys.push(b * x! + d * y! + f);
  }
  return { x0: least(xs), x1: greatest(xs), y0: least(ys), y1: greatest(ys) };
}

/**
 * Inserts a bullet span before each line-opening span that a mark sits just
 * left of: about as wide as tall, under half the text's size, centred between
 * baseline and cap height, and within one and a half ems of the text.
 *
 * Spans beside a quote's rule are marked with it first (see
 * {@linkcode markQuoteBars}).
 *
 * @param spans The page's spans in content order.
 * @param marks Small shapes from {@linkcode pageShapes}.
 * @returns The spans with bullet spans added.
 */
export function addVectorBullets(spans: readonly Span[], marks: readonly Mark[]): Span[] {
  if (marks.length === 0) return [...spans];
  markQuoteBars(spans, marks);
  const before = new Map<number, Span>();
  for (const mark of marks) {
    if (mark.bar) continue;
    const w = mark.x1 - mark.x0, h = mark.y1 - mark.y0;
    if (w / h > 1.6 || h / w > 1.6) continue;
    const cy = (mark.y0 + mark.y1) / 2;
    let best = -1;
    for (let i = 0; i < spans.length; i++) {
      const s = spans[i]!;
      if (w > s.size * 0.6 || w < s.size * 0.12) continue;
      if (cy < s.y - s.size * 0.75 || cy > s.y - s.size * 0.05) continue;
      const gap = s.x - mark.x1;
      if (gap < 0 || gap > s.size * 1.6) continue;
      if (best < 0 || s.x < spans[best]!.x) best = i;
    }
    if (best < 0 || before.has(best)) continue;
    const next = spans[best]!;
    // Nothing of the same baseline may lie left of the mark nearby: it must open its line.
    const blocked = spans.some((s) =>
      Math.abs(s.y - next.y) < next.size * 0.3 && s.x < mark.x0 && s.x + s.width > mark.x0 - next.size * 2
    );
    if (blocked) continue;
    // The bullet takes the size of its line's text: an item opening with inline code set smaller
    // would otherwise leave its bullet too small to reach the text.
    const size = greatest(
      spans.filter((s) =>
        Math.abs(s.y - next.y) < next.size * 0.3 && s.x >= next.x && s.x < next.x + next.size * 20
      )
        .map((s) => s.size),
    );
    before.set(best, {
      text: mark.filled ? "•" : "◦",
      x: mark.x0,
      y: next.y,
      width: w,
      size,
      font: PLAIN,
      ...(next.tag ? { tag: next.tag } : {}),
    });
  }
  const out: Span[] = [];
  spans.forEach((s, i) => {
    const bullet = before.get(i);
    if (bullet) out.push(bullet);
    out.push(s);
  });
  return out;
}

/**
 * Marks each span standing just right of a quote's rule with the rule's
 * number on the page: paragraphs of one quote share a rule, two quotes in a
 * row have one each. A span beside two rules (a quote nested in a quote,
 * each with its rule) takes the outer, leftmost one: the nested paragraphs
 * belong to the quote they stand in.
 */
function markQuoteBars(spans: readonly Span[], marks: readonly Mark[]) {
  marks.forEach((bar, k) => {
    if (!bar.bar) return;
    for (const s of spans) {
      const middle = s.y - s.size * 0.3;
      if (middle < bar.y0 || middle > bar.y1 || s.x < bar.x1 || s.x > bar.x1 + s.size * 3) continue;
      if (s.bar === undefined || marks[s.bar]!.x1 > bar.x1) s.bar = k;
    }
  });
}
