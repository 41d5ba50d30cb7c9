/**
 * Document-wide typography: the body font size (the size most characters are
 * set in) and the usual distance between baselines for each size.
 *
 * @module
 */
import { wrappedRowsOnly } from "./code_step.ts";
import { type CodeRow, type CodeRowGaps, splitCodeRowGaps } from "./code_row_gaps.ts";
import { isCodeLine } from "./draft.ts";
import { whollyMonospace } from "./fonts.ts";
import { breaksAtHyphensOnly } from "./hyphen_only_rows.ts";
import { listMarker } from "./lists.ts";
import { lastTextSpan } from "./span_text.ts";
import type { PageText } from "./types.ts";
import { DIGITS_AT_END } from "./line_end_runs.ts";
import { footBandTop } from "./foot_band.ts";

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
  /** Whether a page shows the document's listings break at hyphens only, not at spaces (`hyphen_only_rows.ts`). */
  listingsBreakAtHyphensOnly?(): boolean;
  /**
   * Whether the document's listings draw the spaces their rows break at: some row of code ends in
   * a drawn space (`line_end_spaces.ts`), as an HTML engine's `pre-wrap` hangs it. With `page`:
   * and that page's drawn spaces were read, so a row of it without one has none.
   */
  drawsBreakSpaces?(page?: number): boolean;
  /** Whether the structure tree tags list items (`LI`): then it tags every list, and text outside them is none. */
  tagsListItems?(): boolean;
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
  /**
   * The right edge of a page's body column (see `bodyColumns`): the document's prose measures it where a
   * page holds too little prose to. Set by the structure pass.
   */
  pageRight?(page: number): number | undefined;
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
  return beforeStyle(name).replace(/(PSMT|PS|MT)$/, "").replace(DIGITS_AT_END, "");
}

/**
 * `name` up to its style after a hyphen or comma: what `name.replace(/[-,].*$/, "")` leaves (`.` stops at
 * a line end), read once. The pattern read the rest of the name again from each hyphen, the square of a
 * long name's length.
 */
function beforeStyle(name: string): string {
  const lineStart = Math.max(...["\n", "\r", "\u2028", "\u2029"].map((end) => name.lastIndexOf(end))) + 1;
  const style = name.slice(lineStart).search(/[-,]/);
  return style < 0 ? name : name.slice(0, lineStart + style);
}

/** The most frequent key of a weighted histogram (the first of those that tie), undefined when it is empty. */
export function mode<K>(histogram: Map<K, number>): K | undefined {
  let best: K | undefined, weight = -1;
  for (const [key, w] of histogram) {
    if (w > weight) {
      best = key;
      weight = w;
    }
  }
  return best;
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

type Line = PageText["lines"][number];
type Histograms = Map<number, Map<number, number>>;

/** What one walk over a document's lines counts: characters by size and family, gaps by size. */
interface Tally {
  sizes: Map<number, number>;
  codeSizes: Map<number, number>;
  /** Sizes of table cells' text: a table set small must not pass for the body when it outweighs the prose. */
  cellSizes: Map<number, number>;
  families: Map<number, Map<string, number>>;
  familyOf: Map<string, string>;
  gaps: Histograms;
  wrappedGaps: Histograms;
  codeGaps: Histograms;
  /** Unrounded distances between rows of code, by size: a wrapped row's is a fraction of a point closer. */
  codeRowDistances: Map<number, CodeRow[]>;
}

/** Adds one gap `dy` between lines of `size` to a histogram by size. */
function countGap(into: Histograms, size: number, dy: number): void {
  const histogram = into.get(sizeKey(size)) ?? new Map<number, number>();
  histogram.set(sizeKey(dy), (histogram.get(sizeKey(dy)) ?? 0) + 1);
  into.set(sizeKey(size), histogram);
}

/** Counts a line's characters by size (code, table cell or prose) and prose characters by family. */
function tallyCharacters(tally: Tally, line: Line): void {
  for (const span of line.spans) {
    const key = sizeKey(span.size);
    const into = span.font.monospace ? tally.codeSizes : span.tag?.cell ? tally.cellSizes : tally.sizes;
    into.set(key, (into.get(key) ?? 0) + span.text.length);
    if (!span.font.monospace) {
      const byFamily = tally.families.get(key) ?? new Map<string, number>();
      let family = tally.familyOf.get(span.font.name);
      if (family === undefined) tally.familyOf.set(span.font.name, family = fontFamily(span.font.name));
      byFamily.set(family, (byFamily.get(family) ?? 0) + span.text.length);
      tally.families.set(key, byFamily);
    }
  }
}

/** Counts the gap between two successive lines of one size, when it is a line step's. */
function tallyGap(tally: Tally, prev: Line, line: Line, widest: number): void {
  if (sizeKey(prev.size) !== sizeKey(line.size)) return;
  const dy = line.y - prev.y;
  if (!(dy > line.size * 0.8 && dy < line.size * 2)) return;
  const code = whollyMonospace(prev) && whollyMonospace(line);
  countGap(code ? tally.codeGaps : tally.gaps, line.size, dy);
  if (code) {
    const list = tally.codeRowDistances.get(sizeKey(line.size)) ?? [];
    list.push({ dy, dx: line.x0 - prev.x0, x: line.x0 });
    tally.codeRowDistances.set(sizeKey(line.size), list);
  }
  // A line opening with a list marker starts an item: the gap above it is the list's, not a wrap's.
  if (!whollyMonospace(prev) && prev.x1 - prev.x0 >= widest * WRAPPED_WIDTH && !listMarker(line)) {
    countGap(tally.wrappedGaps, line.size, dy);
  }
}

/** Walks every line of every page once, counting characters and gaps. */
function tallyDocument(pages: readonly PageText[]): Tally {
  const tally: Tally = {
    sizes: new Map(),
    codeSizes: new Map(),
    cellSizes: new Map(),
    families: new Map(),
    familyOf: new Map(),
    gaps: new Map(),
    wrappedGaps: new Map(),
    codeGaps: new Map(),
    codeRowDistances: new Map(),
  };
  for (const page of pages) {
    const widest = page.lines.reduce((most, l) => whollyMonospace(l) ? most : Math.max(most, l.x1 - l.x0), 0);
    // Notes pushed to the page's foot are not the body, however many characters they hold.
    const notesTop = footBandTop(page);
    let prev: Line | undefined;
    for (const line of page.lines) {
      if (line.y < notesTop) tallyCharacters(tally, line);
      if (prev) tallyGap(tally, prev, line, widest);
      prev = line;
    }
  }
  return tally;
}

/** The prose line step by size: from wrapped lines where enough were seen, else the most frequent gap. */
function proseGapBySize(tally: Tally): Map<number, number> {
  const gapBySize = new Map<number, number>();
  for (const [key, histogram] of tally.gaps) {
    const wrapped = tally.wrappedGaps.get(key);
    const measured = wrapped && [...wrapped.values()].reduce((a, b) => a + b, 0) >= MIN_WRAPPED_GAPS;
    gapBySize.set(key, mode(measured ? wrapped : histogram)!);
  }
  return gapBySize;
}

/** The code line step by size, and where listings wrap, their rows' split into step and wrapped distance. */
function codeGaps(tally: Tally): { gapBySize: Map<number, number>; rowGapsBySize: Map<number, CodeRowGaps> } {
  const gapBySize = new Map<number, number>();
  const rowGapsBySize = new Map<number, CodeRowGaps>();
  for (const [key, histogram] of tally.codeGaps) {
    const usual = mode(histogram)!;
    const rows = tally.codeRowDistances.get(key) ?? [];
    const split = splitCodeRowGaps(rows, usual);
    if (split) rowGapsBySize.set(key, split);
    // Wrapped rows alone measure no step: the prose's proportion stands in (`lineGap`).
    else if (wrappedRowsOnly(rows, usual)) continue;
    gapBySize.set(key, split?.step ?? usual);
  }
  return { gapBySize, rowGapsBySize };
}

/**
 * Measures body size (character-weighted mode of the text outside monospace fonts and the notes at a
 * page's foot, `foot_band.ts`) and line gaps.
 */
export function documentStats(pages: readonly PageText[]): DocumentStats {
  const tally = tallyDocument(pages);
  // Body text is prose: in a code-heavy document most characters may be code, set smaller.
  const bodySize = mode(tally.sizes) ?? mode(tally.cellSizes) ?? mode(tally.codeSizes) ?? 10;
  const gapBySize = proseGapBySize(tally);
  const code = codeGaps(tally);
  const bodyGap = gapBySize.get(sizeKey(bodySize)) ?? bodySize * 1.2;
  const lineGap = (size: number) => gapBySize.get(sizeKey(size)) ?? bodyGap * size / bodySize;
  const codeSize = mode(tally.codeSizes);
  let hyphensOnly: boolean | undefined, tagsItems: boolean | undefined, breakSpaces: boolean | undefined;
  let spacesRead: Set<number> | undefined;
  return {
    bodySize,
    bodyFamily: mode(tally.families.get(sizeKey(bodySize)) ?? new Map<string, number>()) ?? "",
    ...(codeSize === undefined ? {} : { codeSize }),
    lineGap,
    codeLineGap(size: number) {
      return code.gapBySize.get(sizeKey(size)) ?? lineGap(size);
    },
    codeRowGaps(size: number) {
      return code.rowGapsBySize.get(sizeKey(size));
    },
    listingsBreakAtHyphensOnly() {
      hyphensOnly ??= pages.some((page) => breaksAtHyphensOnly(page.lines, isCodeLine));
      return hyphensOnly;
    },
    drawsBreakSpaces(page?: number) {
      breakSpaces ??= pages.some((page) =>
        page.lines.some((l) => isCodeLine(l) && lastTextSpan(l.spans)?.spaceAfter)
      );
      spacesRead ??= new Set(pages.flatMap((p) => p.spacesRead ? [p.page] : []));
      return breakSpaces && (page === undefined || spacesRead.has(page));
    },
    tagsListItems() {
      tagsItems ??= pages.some((page) =>
        page.lines.some((l) => l.spans.some((s) => s.tag?.listItem && !s.tag.contents))
      );
      return tagsItems;
    },
  };
}
