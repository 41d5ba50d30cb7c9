/**
 * Document-wide typography: the body font size (the size most characters are
 * set in) and the usual distance between baselines for each size.
 *
 * @module
 */
import { type CodeRow, type CodeRowGaps, splitCodeRowGaps } from "./code_wraps.ts";
import { listMarker } from "./lists.ts";
import type { PageText } from "./types.ts";

/** Typography measured over a whole document. */
export interface DocumentStats {
  /** Font size of body text. */
  bodySize: number;
  /** Font family of body text (see {@linkcode fontFamily}). */
  bodyFamily: string;
  /** Font size most code is set in (character-weighted), where there is code. */
  codeSize?: number;
  /** Usual baseline-to-baseline distance of a paragraph's lines, by size. */
  lineGap(size: number): number;
  /** The same for lines of code, which keep their own grid; the prose gap where no code is seen. */
  codeLineGap(size: number): number;
  /** Where listings at this size wrap (an HTML engine's `pre-wrap`), their line step and wrapped rows' distance. */
  codeRowGaps?(size: number): CodeRowGaps | undefined;
  /**
   * Whether paragraphs stand apart by more than the line step (see `paragraph_gaps.ts`); unknown where
   * none plainly ends. Set by the structure pass.
   */
  paragraphsSpaced?: boolean;
  /**
   * The left edge of a page's body column (see `bodyColumns`): facing pages may have margins of their
   * own, and a list going on over the turn keeps its nesting measured from it. Set by the structure pass.
   */
  pageMargin?(page: number): number | undefined;
}

/** Rounds a size to the half point, the resolution styles are told apart by. */
export function sizeKey(size: number): number {
  return Math.round(size * 2) / 2;
}

/** True when `size` and `target` are at most one half-point step apart (e.g. a line at body size). */
export function nearSize(size: number, target: number): boolean {
  return Math.abs(sizeKey(size) - sizeKey(target)) <= 0.5;
}

/**
 * A font's family: its name without style suffix, optical size or foundry
 * tag, so the weights and sizes of one face compare equal.
 *
 * @example
 * ```ts
 * fontFamily("DejaVuSerif-BoldItalic"); // "DejaVuSerif"
 * fontFamily("LMRoman12-Bold"); // "LMRoman"
 * ```
 */
export function fontFamily(name: string): string {
  return name.replace(/[-,].*$/, "").replace(/(PSMT|PS|MT)$/, "").replace(/\d+$/, "");
}

/** The most frequent key of a weighted histogram. */
function mode<K>(histogram: Map<K, number>): K | undefined {
  let best: K | undefined, weight = -1;
  for (const [key, w] of histogram) {
    if (w > weight) {
      best = key;
      weight = w;
    }
  }
  return best;
}

/** True when every visible span of a line is in a monospace font. */
function isCode(line: PageText["lines"][number]): boolean {
  return line.spans.every((s) => s.font.monospace || !s.text.trim());
}

/**
 * Share of its page's widest line a line spans when it is taken to have
 * wrapped: the gap below it is then the distance between a paragraph's lines.
 */
const WRAPPED_WIDTH = 0.85;

/**
 * Fewest gaps below wrapped lines that measure a size's line spacing; with
 * fewer, the most frequent gap between lines of that size does. Where
 * paragraphs are short and spaced apart (a README: one or two lines each),
 * that is the space between paragraphs, and taking it for the line spacing
 * would join every paragraph to the next.
 */
const MIN_WRAPPED_GAPS = 3;

/** Measures body size (character-weighted mode of the text outside monospace fonts) and line gaps. */
export function documentStats(pages: readonly PageText[]): DocumentStats {
  const sizes = new Map<number, number>();
  const codeSizes = new Map<number, number>();
  /** Sizes of table cells' text: a table set small must not pass for the body when it outweighs the prose. */
  const cellSizes = new Map<number, number>();
  const families = new Map<number, Map<string, number>>();
  const familyOf = new Map<string, string>();
  const gaps = new Map<number, Map<number, number>>();
  const wrappedGaps = new Map<number, Map<number, number>>();
  const codeGaps = new Map<number, Map<number, number>>();
  /** Unrounded distances between rows of code, by size: a wrapped row's is a fraction of a point closer. */
  const codeRowDistances = new Map<number, CodeRow[]>();
  const count = (into: Map<number, Map<number, number>>, size: number, dy: number) => {
    const histogram = into.get(sizeKey(size)) ?? new Map<number, number>();
    histogram.set(sizeKey(dy), (histogram.get(sizeKey(dy)) ?? 0) + 1);
    into.set(sizeKey(size), histogram);
  };
  for (const page of pages) {
    const widest = page.lines.reduce((most, l) => isCode(l) ? most : Math.max(most, l.x1 - l.x0), 0);
    let prev: PageText["lines"][number] | undefined;
    for (const line of page.lines) {
      for (const span of line.spans) {
        const key = sizeKey(span.size);
        const into = span.font.monospace ? codeSizes : span.tag?.cell ? cellSizes : sizes;
        into.set(key, (into.get(key) ?? 0) + span.text.length);
        if (!span.font.monospace) {
          const byFamily = families.get(key) ?? new Map<string, number>();
          let family = familyOf.get(span.font.name);
          if (family === undefined) familyOf.set(span.font.name, family = fontFamily(span.font.name));
          byFamily.set(family, (byFamily.get(family) ?? 0) + span.text.length);
          families.set(key, byFamily);
        }
      }
      if (prev && sizeKey(prev.size) === sizeKey(line.size)) {
        const dy = line.y - prev.y;
        if (dy > line.size * 0.8 && dy < line.size * 2) {
          const code = isCode(prev) && isCode(line);
          count(code ? codeGaps : gaps, line.size, dy);
          if (code) {
            const list = codeRowDistances.get(sizeKey(line.size)) ?? [];
            list.push({ dy, dx: line.x0 - prev.x0, x: line.x0 });
            codeRowDistances.set(sizeKey(line.size), list);
          }
          // A line opening with a list marker starts an item: the gap above it is the list's, not a wrap's.
          if (!isCode(prev) && prev.x1 - prev.x0 >= widest * WRAPPED_WIDTH && !listMarker(line)) {
            count(wrappedGaps, line.size, dy);
          }
        }
      }
      prev = line;
    }
  }
  // Body text is prose: in a code-heavy document most characters may be code, set smaller.
  const bodySize = mode(sizes) ?? mode(cellSizes) ?? mode(codeSizes) ?? 10;
  const gapBySize = new Map<number, number>();
  for (const [key, histogram] of gaps) {
    const wrapped = wrappedGaps.get(key);
    const measured = wrapped && [...wrapped.values()].reduce((a, b) => a + b, 0) >= MIN_WRAPPED_GAPS;
    gapBySize.set(key, mode(measured ? wrapped : histogram)!);
  }
  const codeGapBySize = new Map<number, number>();
  const codeRowGapsBySize = new Map<number, CodeRowGaps>();
  for (const [key, histogram] of codeGaps) {
    const usual = mode(histogram)!;
    const split = splitCodeRowGaps(codeRowDistances.get(key) ?? [], usual);
    if (split) codeRowGapsBySize.set(key, split);
    codeGapBySize.set(key, split?.step ?? usual);
  }
  const bodyGap = gapBySize.get(sizeKey(bodySize)) ?? bodySize * 1.2;
  const lineGap = (size: number) => gapBySize.get(sizeKey(size)) ?? bodyGap * size / bodySize;
  const codeSize = mode(codeSizes);
  return {
    bodySize,
    bodyFamily: mode(families.get(sizeKey(bodySize)) ?? new Map<string, number>()) ?? "",
    ...(codeSize === undefined ? {} : { codeSize }),
    lineGap,
    codeLineGap(size: number) {
      return codeGapBySize.get(sizeKey(size)) ?? lineGap(size);
    },
    codeRowGaps(size: number) {
      return codeRowGapsBySize.get(sizeKey(size));
    },
  };
}
