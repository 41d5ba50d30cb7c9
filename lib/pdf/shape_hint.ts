/**
 * Which pages may paint a shape worth reading. Finding painted bullets and
 * shading (`vector_marks.ts`) needs a page's operator list: a second parse
 * of its content, about as costly as its text. Text extraction already reads
 * every operator of the page and of the forms it shows, so pdf.js' operator
 * reader is made to report path operators here as it goes (the call is
 * spliced in with the cost guard's, see `guard.ts`); a page whose text was
 * read without one painted path at least {@linkcode MIN_SIDE} points both
 * wide and tall has nothing the operator list would add, and is not parsed
 * again. Thin rules, the paths most text documents paint, are let through;
 * the level ones are kept as read, for the page's thematic breaks
 * ({@linkcode takeLevelRules}).
 *
 * The box kept for a path holds every point and control point it names, so
 * it holds the path: a path this calls thin is thin. A `gs` operator counts
 * as painting (a graphics state can bring a soft mask, whose content only the
 * operator list reads).
 *
 * @module
 */

import { OPS } from "./vector_marks.ts";

/** Name of the global pdf.js' operator reader reports to. */
const GLOBAL = "pdfShapeHint";

/**
 * A path narrower or shorter than this, in points, is no shape structure
 * detection reads (its smallest mark is 0.8 points each way); kept a little
 * under that, since pdf.js holds the transform in single precision here.
 */
const MIN_SIDE = 0.79;

/**
 * Spliced into pdf.js' `EvaluatorPreprocessor.read` once an operator is
 * complete, where `fn`, `args` and `this.stateManager` are in scope.
 */
export const SHAPE_HINT_CALL = `if (fn === OPS.setGState || (fn >= OPS.moveTo && fn <= OPS.endPath)) ` +
  `globalThis.${GLOBAL}?.(fn, args, this.stateManager.state.ctm);`;

/**
 * The shortest thin path, in points, counted as an upright rule (a table's
 * column edge) when it is taller than wide; a level one (an underline, a
 * rule under a header) is let through.
 */
const MIN_RULE = 4;

/** Paths and graphics states seen that may matter; only its changes mean anything. */
let hints = 0;
/** The box, in page space, of the path being built. */
let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
/** The current point, in the path's own space (a curve starts there). */
let cx = 0, cy = 0;

/**
 * The level rules painted since last taken, each as its box in page space
 * (`[x0, y0, x1, y1]`, y up): they hint at nothing, but a page that paints
 * nothing else still shows its thematic breaks by them.
 */
let levelRules: Array<[number, number, number, number]> = [];
/** Most level rules kept for one page: more are a ruled form's, and no break stands among them. */
const MAX_LEVEL_RULES = 400;

/** A point of the path was not a number: its box is unknown. */
let unknown = false;

/** Widens the path's box to a point through the matrix `m`. */
function add(m: ArrayLike<number>, x: number, y: number) {
  const px = m[0]! * x + m[2]! * y + m[4]!, py = m[1]! * x + m[3]! * y + m[5]!;
  if (!Number.isFinite(px) || !Number.isFinite(py)) {
    unknown = true;
    return;
  }
  x0 = Math.min(x0, px), x1 = Math.max(x1, px), y0 = Math.min(y0, py), y1 = Math.max(y1, py);
}

/** Reads one operator (see {@linkcode SHAPE_HINT_CALL}). */
export function readOperator(fn: number, args: ArrayLike<number> | null, ctm: ArrayLike<number>): void {
  const a = args ?? [];
  switch (fn) {
    case OPS.setGState:
      hints++;
      return;
    case OPS.moveTo:
    case OPS.lineTo:
      add(ctm, a[0]!, a[1]!);
      cx = a[0]!, cy = a[1]!;
      return;
    case OPS.curveTo:
      add(ctm, cx, cy), add(ctm, a[0]!, a[1]!), add(ctm, a[2]!, a[3]!), add(ctm, a[4]!, a[5]!);
      cx = a[4]!, cy = a[5]!;
      return;
    case OPS.curveTo2:
    case OPS.curveTo3:
      add(ctm, cx, cy), add(ctm, a[0]!, a[1]!), add(ctm, a[2]!, a[3]!);
      cx = a[2]!, cy = a[3]!;
      return;
    case OPS.rectangle: {
      const [x = NaN, y = NaN, w = NaN, h = NaN] = Array.from(a);
      add(ctm, x, y), add(ctm, x + w, y), add(ctm, x, y + h), add(ctm, x + w, y + h);
      cx = x, cy = y;
      return;
    }
  }
  if (fn >= OPS.stroke && fn <= OPS.closeEOFillStroke) {
    // Anything but a path known to be thin counts, and an upright rule: a ruled table's column edge.
    if (unknown || (x1 - x0 >= MIN_SIDE && y1 - y0 >= MIN_SIDE) || y1 - y0 >= MIN_RULE) hints++;
    else if (x1 - x0 >= MIN_RULE && levelRules.length < MAX_LEVEL_RULES) levelRules.push([x0, y0, x1, y1]);
  }
  if (fn >= OPS.stroke && fn <= OPS.endPath) {
    x0 = y0 = Infinity, x1 = y1 = -Infinity;
    unknown = false;
  }
}

/** Makes the patched pdf.js on this thread report its path operators here. */
export function installShapeHint(): void {
  (globalThis as Record<string, unknown>)[GLOBAL] = readOperator;
}

/**
 * A count that changes whenever pdf.js reads a path that may be a shape worth
 * reading (or a graphics state): unchanged across a page's text extraction,
 * the page's operator list holds no such shape.
 */
export function shapeHints(): number {
  return hints;
}

/**
 * The level rules pdf.js painted since the last call (see `levelRules`), in
 * page space (y up), and forgets them: read right after a page's text
 * extraction, the rules of the page when its operator list is not read again.
 */
export function takeLevelRules(): Array<[number, number, number, number]> {
  const taken = levelRules;
  levelRules = [];
  return taken;
}
