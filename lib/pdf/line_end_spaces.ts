/**
 * Spaces a page draws at the end of a run of text. An HTML engine wrapping a
 * listing (`white-space: pre-wrap`) keeps the space it broke at and draws it
 * at the row's end, where it hangs; a row broken inside a token (an address,
 * a line of JSON too long for its column) ends with no space. pdf.js' text
 * content leaves every space glyph out and puts back only those between two
 * glyphs, so the one at a row's end is lost, and with it whether the row's
 * rest joins it with a space or straight on (`code_row_joins.ts`).
 *
 * The operator list pdf.js builds for the page keeps the glyphs: a text
 * state is followed through it (matrices, font and spacing) and each text
 * showing whose last glyph drawn is a space gives the point that space
 * starts at. A monospace span ending there is marked `spaceAfter`. Only a
 * page with monospace text whose operator list pdf.js has at hand is read
 * (font resolution or shape reading asked for it, `extract.ts`): no page is
 * parsed for this alone, and the list comes from pdf.js' cache.
 *
 * @module
 */
import { byBaseline } from "./baseline_rows.ts";
import { multiply } from "./affine.ts";
import type { PDFPageProxy } from "./load.ts";
import type { Span } from "./types.ts";
import { type OperatorList, OPS } from "./vector_marks.ts";

/** pdf.js operator codes of the text state (its public `OPS` table; a test checks them). */
export const TEXT_OPS = {
  beginText: 31,
  setCharSpacing: 33,
  setWordSpacing: 34,
  setHScale: 35,
  setLeading: 36,
  setTextRise: 39,
  moveText: 40,
  setLeadingMoveText: 41,
  setTextMatrix: 42,
  nextLine: 43,
} as const;

/** A glyph of a `showText` operator (the fields used here); numbers between glyphs are kerning. */
interface ShownGlyph {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

/** A point where a drawn space ends a text showing, in top-down page coordinates. */
export interface SpaceEnd {
  x: number;
  y: number;
  size: number;
}

/** The text state followed through an operator list. */
interface TextState {
  ctm: number[];
  matrix: number[];
  line: number[];
  font: string;
  size: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
}

/**
 * The points where a text showing of the page ends in a drawn space.
 *
 * @param ops The page's operator list.
 * @param view The viewport's transform (page space to top-down coordinates).
 * @param fontMatrix Each font id's glyph-to-text matrix scale (`fontMatrix[0]`).
 */
export function spaceEnds(
  ops: OperatorList,
  view: readonly number[],
  fontMatrix: (font: string) => number,
): SpaceEnd[] {
  const ends: SpaceEnd[] = [];
  const stack: TextState[] = [];
  let state: TextState = {
    ctm: [...view],
    matrix: [1, 0, 0, 1, 0, 0],
    line: [1, 0, 0, 1, 0, 0],
    font: "",
    size: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
  };
  const moveLine = (x: number, y: number) => {
    state.line = multiply(state.line, [1, 0, 0, 1, x, y]);
    state.matrix = [...state.line];
  };
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i]!;
    const args = ops.argsArray[i] as unknown[] | null;
    const n = (k: number) => Number(args?.[k] ?? 0);
    if (fn === OPS.save) stack.push({ ...state });
    else if (fn === OPS.restore) state = stack.pop() ?? state;
    else if (fn === OPS.transform) state.ctm = multiply(state.ctm, Array.from(args as ArrayLike<number>));
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push({ ...state });
      const matrix = args?.[0] as number[] | null;
      if (matrix) state.ctm = multiply(state.ctm, matrix);
    } else if (fn === OPS.paintFormXObjectEnd) state = stack.pop() ?? state;
    else if (fn === TEXT_OPS.beginText) state.matrix = state.line = [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.setFont) [state.font, state.size] = [String(args?.[0] ?? ""), n(1)];
    else if (fn === TEXT_OPS.setCharSpacing) state.charSpacing = n(0);
    else if (fn === TEXT_OPS.setWordSpacing) state.wordSpacing = n(0);
    else if (fn === TEXT_OPS.setHScale) state.hScale = n(0) / 100;
    else if (fn === TEXT_OPS.setLeading) state.leading = n(0);
    else if (fn === TEXT_OPS.setTextRise) state.rise = n(0);
    else if (fn === TEXT_OPS.moveText) moveLine(n(0), n(1));
    else if (fn === TEXT_OPS.setLeadingMoveText) {
      state.leading = -n(1);
      moveLine(n(0), n(1));
    } else if (fn === TEXT_OPS.setTextMatrix) {
      const given = args?.[0] as ArrayLike<number> | number | undefined;
      const m = Array.from((typeof given === "object" ? given : args) as ArrayLike<number>);
      state.matrix = [...m];
      state.line = [...m];
    } else if (fn === TEXT_OPS.nextLine) moveLine(0, -state.leading);
    else if (fn === OPS.showText && Array.isArray(args?.[0])) {
      show(args[0] as unknown[], state, fontMatrix, ends);
    }
  }
  return ends;
}

/** Advances the text matrix over one showing's glyphs, noting where a last drawn space starts. */
function show(
  glyphs: readonly unknown[],
  state: TextState,
  fontMatrix: (font: string) => number,
  ends: SpaceEnd[],
) {
  const scale = fontMatrix(state.font) * state.size;
  let x = 0, spaceAt: number | undefined;
  for (const glyph of glyphs) {
    if (typeof glyph === "number") {
      x -= glyph * state.size / 1000;
      continue;
    }
    if (!glyph || typeof glyph !== "object") continue;
    const { width = 0, isSpace, unicode } = glyph as ShownGlyph;
    const space = isSpace === true || unicode === " " || unicode === "\u00a0";
    spaceAt = space ? spaceAt ?? x : undefined;
    x += width * scale + state.charSpacing + (isSpace ? state.wordSpacing : 0);
  }
  const start = spaceAt;
  state.matrix = multiply(state.matrix, [1, 0, 0, 1, x * state.hScale, 0]);
  if (start === undefined) return;
  const at = multiply(
    state.ctm,
    multiply(state.matrix, [1, 0, 0, 1, (start - x) * state.hScale, state.rise]),
  );
  ends.push({ x: at[4]!, y: at[5]!, size: Math.abs(state.size * Math.hypot(at[2]!, at[3]!)) });
}

/**
 * Marks each monospace span ending where a drawn space starts (on its
 * baseline, within a fifth of its size) as `spaceAfter`.
 */
export function markSpacesAfter(spans: readonly Span[], ends: readonly SpaceEnd[]): void {
  if (ends.length === 0) return;
  const onRow = byBaseline(ends);
  for (const span of spans) {
    if (!span.font.monospace || !span.text.trim()) continue;
    const right = span.x + span.width, near = span.size * 0.2;
    const hit = onRow(span.y).some((e) => Math.abs(e.y - span.y) <= near && Math.abs(e.x - right) <= near);
    if (hit) span.spaceAfter = true;
  }
}

/**
 * Marks the page's monospace spans that a drawn space ends ({@linkcode markSpacesAfter}), reading
 * the page's operator list where it holds any.
 */
export async function withSpacesAfter(
  page: PDFPageProxy,
  spans: readonly Span[],
  view: readonly number[],
): Promise<void> {
  if (!spans.some((s) => s.font.monospace)) return;
  const ops = await page.getOperatorList({ annotationMode: 0 }) as OperatorList;
  const matrices = new Map<string, number>();
  const fontMatrix = (id: string) => {
    let scale = matrices.get(id);
    if (scale === undefined) {
      const font = page.commonObjs.has(id)
        ? page.commonObjs.get(id) as { fontMatrix?: number[] } | null
        : null;
      scale = font?.fontMatrix?.[0] ?? 0.001;
      matrices.set(id, scale);
    }
    return scale;
  };
  markSpacesAfter(spans, spaceEnds(ops, view, fontMatrix));
}
