/**
 * Page geometry: spans become lines (split at wide gaps, so table cells and
 * side-by-side columns stay apart), and lines are put in reading order, with
 * two-column pages read column by column.
 *
 * @module
 */
import { sizeKey } from "./stats.ts";
import { composeAccents } from "./accents.ts";
import { BOXED_GAP_EM, boxPadding, oneBoxed, visibleGap } from "./inline_boxes.ts";
import { leftColumnTables, sideOfGutter } from "./gutter_side.ts";
import { whollyMonospace } from "./fonts.ts";
import { flushEdgeGutter } from "./flush_gutter.ts";
import { footBandLast } from "./foot_band.ts";
import { boxedHead } from "./side_by_side_boxes.ts";
import { codeRowTails } from "./code_row_tails.ts";
import { codeRowsApart } from "./code_row_seams.ts";
import { subscriptsFirst } from "./stacked_scripts.ts";
import {
  codeBesideOtherBlock,
  mayOverrunUntagged,
  taggingParts,
  untaggedOverrun,
} from "./untagged_overruns.ts";
import { lastTextSpan } from "./span_text.ts";
import type { Line, Span } from "./types.ts";
import { append } from "./append.ts";
import { onOneRow } from "./one_row.ts";

/** A horizontal gap wider than this many ems ends a line. */
const WIDE_GAP_EM = 0.8;

/** Character-weighted dominant font size of some spans. */
function dominantSize(spans: readonly Span[]): number {
  const weight = new Map<number, number>();
  let best = spans[0]?.size ?? 0;
  let bestWeight = -1;
  for (const span of spans) {
    const key = sizeKey(span.size);
    const w = (weight.get(key) ?? 0) + span.text.length;
    weight.set(key, w);
    if (w > bestWeight) {
      bestWeight = w;
      best = span.size;
    }
  }
  return best;
}

/**
 * Makes a line from spans (left to right). Its size is that of its prose:
 * inline code is often set smaller than the text around it, and may be most
 * of a line's characters.
 */
function makeLine(spans: Span[], page: number): Line {
  let x0 = Infinity, x1 = -Infinity;
  for (const s of spans) {
    x0 = Math.min(x0, s.x);
    x1 = Math.max(x1, s.x + s.width);
  }
  const mixed = spans.some((s) => s.font.monospace) && spans.some((s) => !s.font.monospace && s.text.trim());
  const size = dominantSize(mixed ? spans.filter((s) => !s.font.monospace && s.text.trim()) : spans);
  const main = spans.find((s) => Math.abs(s.size - size) < 0.01) ?? spans[0]!;
  // A copy of exactly its length: an array grown by pushing keeps room for 17, and a long
  // document holds every line until its structure is found.
  return { spans: spans.slice(), x0, x1, y: main.y, size, page };
}

/** True when `span` continues `line` on the same baseline without a wide gap. */
function continues(line: Span[], span: Span): boolean {
  return continuesSpan(line[line.length - 1]!, span) || stacksScript(line, span);
}

/**
 * True when `span` is a script stacked on the one before it, both hanging on
 * the larger text they follow: a subscript set right under a superscript
 * (`λ₁²`, the two starting at one x). It stands too far below the
 * superscript, and starts before its end, to continue it.
 */
function stacksScript(line: Span[], span: Span): boolean {
  const last = line[line.length - 1]!;
  const base = line.findLast((s) => s.size * 0.85 > Math.max(last.size, span.size) && s.text.trim());
  if (!base || base === last) return false;
  const baseEnd = base.x + base.width;
  return Math.abs(span.y - base.y) <= base.size * 0.6 && span.x >= baseEnd - base.size * 0.2 &&
    span.x <= last.x + last.width && continuesSpan(base, { ...span, x: baseEnd });
}

/** True when `span` continues the span `last` on the same baseline without a wide gap. */
function continuesSpan(last: Span, span: Span): boolean {
  const size = Math.max(last.size, span.size);
  const dy = Math.abs(span.y - last.y);
  const scripted = Math.min(last.size, span.size) < size * 0.85;
  if (dy > size * (scripted ? 0.6 : 0.3)) return false;
  const end = last.x + last.width;
  if (span.x < end - size * 0.5) return false;
  if (visibleGap(last, span) > size * (oneBoxed(last, span) ? BOXED_GAP_EM : WIDE_GAP_EM)) return false;
  const a = last.tag?.cell, b = span.tag?.cell;
  if (a !== b && (a?.table !== b?.table || a?.row !== b?.row || a?.column !== b?.column)) return false;
  return true;
}

/**
 * Groups spans into lines. Spans are taken in content-stream order, which
 * producers write left to right within a line.
 */
export function buildLines(spans: readonly Span[], page: number): Line[] {
  const lines: Line[] = [];
  let current: Span[] = [];
  for (const span of composeAccents(spans)) {
    if (current.length > 0 && !continues(current, span)) {
      lines.push(makeLine(subscriptsFirst(current), page));
      current = [];
    }
    current.push(span);
  }
  if (current.length > 0) lines.push(makeLine(subscriptsFirst(current), page));
  return mergeSameBaseline(lines, page);
}

/**
 * Joins lines that sit on one baseline and touch, written out of order in the
 * stream. Lines that overlap by more than a sliver (0.15 em) stay apart: a
 * listing's row too long for its column runs over the gutter into the next
 * column's line on the same baseline, which was written apart from it; so
 * does one reaching it a space's width away or less (`codeRowsApart`).
 */
function mergeSameBaseline(lines: Line[], page: number): Line[] {
  const sorted = sortRows(lines);
  const out: Line[] = [];
  for (const line of sorted) {
    const prev = out[out.length - 1];
    if (prev && Math.abs(prev.y - line.y) <= Math.max(prev.size, line.size) * 0.3) {
      const gap = line.x0 - prev.x1 - boxPadding(prev.spans.at(-1)!, line.spans[0]!);
      const joined = [...prev.spans, ...line.spans];
      const widest = oneBoxed(prev.spans.at(-1)!, line.spans[0]!) ? BOXED_GAP_EM : WIDE_GAP_EM;
      if (
        gap >= -Math.min(prev.size, line.size) * 0.15 && gap <= Math.max(prev.size, line.size) * widest &&
        continues(prev.spans, line.spans[0]!) && !codeRowsApart(prev.spans.at(-1)!, line.spans[0]!) &&
        !taggingParts(prev.spans, line.spans) && !codeBesideOtherBlock(prev.spans, line.spans)
      ) {
        out[out.length - 1] = makeLine(joined, page);
        continue;
      }
    }
    out.push(line);
  }
  return out;
}

/** Sorts lines top to bottom, grouping near-equal baselines into rows read left to right. */
export function sortRows(lines: readonly Line[]): Line[] {
  const byY = [...lines].sort((a, b) => a.y - b.y);
  const rows: Line[][] = [];
  for (const line of byY) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    if (row && first && onOneRow(first, line)) row.push(line);
    else rows.push([line]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.x0 - b.x0));
}

/**
 * Most the right column of a page set in two columns may end short of the
 * page's rightmost line, as a share of the text's width. Of 505 two-column
 * pages in TeX Live's and R's manuals none ends more than 0.11 short.
 */
const MAX_COLUMN_SHORTFALL = 0.15;

/** A gutter between two columns. */
export interface Gutter {
  x: number;
  /** Lines crossing the gutter (full width), by index into the input. */
  spanning: Set<number>;
}

/** Fewest lines a page must have for its own lines to show a gutter (see `column_carry.ts` for fewer). */
export const MIN_GUTTER_LINES = 10;

/**
 * Finds a vertical gutter that splits the page's text into two columns, each
 * with several lines of running text, crossed by few lines. Null when the page
 * is not set in two columns.
 *
 * @param pageWidth The page's width, where known: rows of code too long for
 *   their column (a token no engine may break) run on past the page's edge,
 *   and the text is measured to that edge at most.
 */
export function findGutter(lines: readonly Line[], pageWidth = Infinity): Gutter | null {
  if (lines.length < MIN_GUTTER_LINES) return null;
  let left = Infinity, right = -Infinity, proseRight = -Infinity;
  for (const l of lines) {
    left = Math.min(left, l.x0);
    right = Math.max(right, Math.min(l.x1, pageWidth));
    if (!whollyMonospace(l)) proseRight = Math.max(proseRight, l.x1);
  }
  const width = right - left;
  if (width <= 0) return null;
  // Rows of code overrunning their column widen the text short of the page's edge too: a running line
  // is measured against the prose's width, which no such row widens.
  const runningWidth = (proseRight > left ? Math.min(right, proseRight) - left : width) * 0.3;
  const candidates = new Set<number>();
  for (const l of lines) {
    for (const x of [l.x1 + 1, l.x0 - 1]) {
      if (x > left + width * 0.3 && x < left + width * 0.7) candidates.add(Math.round(x));
    }
  }
  let best: { x: number; score: number; spanning: Set<number>; rightEnd: number; ruled: boolean } | null =
    null;
  const tails = codeRowTails(lines);
  for (const x of candidates) {
    let leftText = 0, rightText = 0, leftLines = 0, rightLines = 0, rightEnd = -Infinity, ruled = false;
    const spanning = new Set<number>(), leftTables = new Set<number>(), rightTables = new Set<number>();
    lines.forEach((l, i) => {
      // A ruled or tagged table's cells are a block of the column they stand in, however short.
      const table = l.spans[0]?.tag?.cell?.table, cell = table !== undefined;
      const running = cell || l.x1 - l.x0 > runningWidth;
      // A row of code's last piece is its row's, and the row crosses a gutter between its pieces.
      const rowStart = tails.get(i), split = rowStart !== undefined && rowStart < x && l.x0 >= x - 0.5;
      const side = split ? null : sideOfGutter(l, x);
      if (side === "left") {
        leftLines++;
        if (running) leftText++;
        if (cell) leftTables.add(table);
      } else if (side === "right") {
        rightLines++;
        rightEnd = Math.max(rightEnd, l.x1);
        if (running) rightText++;
        if (cell) rightTables.add(table);
        ruled ||= cell;
      } else spanning.add(i);
    });
    if (leftText < 3 || rightText < 3 || spanning.size > lines.length * 0.25) continue;
    // A table's own column edge parts its cells, not the page's columns.
    if ([...leftTables].some((t) => rightTables.has(t))) continue;
    // A listing's row running over from the left column does not cut the page as a title does.
    const crossing = [...spanning].filter((i) => !overflowsGutter(lines[i]!, lines, { x, spanning })).length;
    const score = Math.min(leftLines, rightLines) - crossing * 2;
    if (!best || score > best.score) best = { x, score, spanning, rightEnd, ruled };
  }
  // A page's right column runs to its text's right edge; two narrow columns ending well short of lines
  // that cross them are a table of wrapped cells within one column, read row by row. A column holding a
  // ruled table may end short: the table's own rules, not alignment, made its cells.
  if (!best || best.score <= 3) return flushEdgeGutter(lines, left, width);
  if (!best.ruled && right - best.rightEnd > width * MAX_COLUMN_SHORTFALL) return null;
  return { x: best.x, spanning: best.spanning };
}

/** How far, in its ems, the right column's text reaches above and below a row running over the gutter. */
const OVERFLOW_REACH = 3;

/**
 * True when a line crossing the gutter is a row of code that started in the
 * left column and runs over: a listing's line too long for its column (a
 * token no engine may break) is printed across the gutter, often over the
 * right column's text, which goes on above and below it, and belongs to its
 * listing, not to a band of the page.
 */
function overflowsGutter(line: Line, lines: readonly Line[], gutter: Gutter): boolean {
  if (line.x0 >= gutter.x) return false;
  const code = whollyMonospace(line) || codeOverruns(line, gutter.x);
  // Or untagged text among tagged (`untagged_overruns.ts`): looked for on a page holding tagged text only.
  if (!code && !mayOverrunUntagged(line, lines)) return false;
  // The right column runs on above and below it; a table beside one column's text (a false gutter) does not.
  const near = OVERFLOW_REACH * line.size;
  const right = lines.filter((l) => l.x0 >= gutter.x - 0.5 && Math.abs(l.y - line.y) <= near);
  if (right.some((l) => l.y <= line.y) && right.some((l) => l.y >= line.y)) {
    return code || untaggedOverrun(line, right);
  }
  if (!code) return false;
  // Or a right column of prose ended above it: the row runs into the blank below its last line (the
  // aligned second column of a listing on a page of one column is code, and no column of the page).
  const rightColumn = lines.filter((l) => l.x0 >= gutter.x - 0.5);
  return rightColumn.some((l) => l.y < line.y && l.spans.some((s) => s.text.trim() && !s.font.monospace)) &&
    !rightColumn.some((l) => l.y >= line.y);
}

/**
 * True when what a line of prose sets past the gutter at `x` is inline code
 * (with punctuation between): a token no engine may break runs out of its
 * column (`.formData(), .arrayBuffer(),` over the next column's text).
 */
function codeOverruns(line: Line, x: number): boolean {
  const past = line.spans.filter((s) => s.text.trim() && s.x + s.width > x + 0.5);
  return past.length > 0 && past.every((s) => s.font.monospace || /^[\p{P}\s]+$/u.test(s.text)) &&
    past[0]!.font.monospace && past[0]!.x < x;
}

/**
 * A row of code reaching into the gutter and the right column's line on its
 * baseline, joined as one line because only a space's width parts them: two
 * lines again, one per column. The row is wholly code and ends left of the
 * gutter, and the rest starts at the right column's edge with text that is
 * not code (code on both sides may be one row crossing the gutter between two
 * of its tokens).
 */
function partAtGutter(line: Line, gutter: Gutter): [Line, Line] | undefined {
  const k = line.spans.findIndex((s) => s.text.trim() && s.x >= gutter.x - 0.5);
  if (k <= 0) return undefined;
  const left = line.spans.slice(0, k), right = line.spans.slice(k), first = line.spans[k]!;
  if (!left.some((s) => s.text.trim()) || left.some((s) => s.x + s.width > gutter.x + 0.5)) return undefined;
  const codeThenProse = Math.abs(first.x - gutter.x - 1) <= 1 &&
    left.every((s) => s.font.monospace || !s.text.trim()) && !first.font.monospace;
  // Or prose on both sides of the gutter's gap, and the gap stands out, within an em of where the gutter
  // was found (a row of code crossing the gutter has runs of spaces as wide between its tokens).
  const lastLeft = lastTextSpan(left);
  const prose = !first.font.monospace && !lastLeft?.font.monospace;
  if (!codeThenProse && !(prose && first.x - gutter.x <= first.size && gutterGapStandsOut(line.spans, k))) {
    return undefined;
  }
  return [makeLine(left, line.page), makeLine(right, line.page)];
}

/** How much wider than any space between its words the gap at a joined row's gutter is, at the least. */
const GUTTER_GAP_RATIO = 1.5;

/**
 * True when the gap before span `k` (the first at the right column's edge)
 * is wider than half an em and than every other gap between the row's words
 * by {@linkcode GUTTER_GAP_RATIO}: two columns' lines on one baseline joined,
 * not one line across the page whose word happens to start at the gutter.
 */
function gutterGapStandsOut(spans: readonly Span[], k: number): boolean {
  const words = spans.map((s, i) => ({ s, i })).filter(({ s }) => s.text.trim());
  let gap = -1, widest = 0;
  for (let j = 1; j < words.length; j++) {
    const { s: prev } = words[j - 1]!, { s, i } = words[j]!;
    const between = s.x - (prev.x + prev.width);
    if (i === k) gap = between;
    else widest = Math.max(widest, between);
  }
  return gap > spans[k]!.size * 0.5 && gap > widest * GUTTER_GAP_RATIO;
}

/** A page's rows with each line {@linkcode partAtGutter} parts in two, in reading order by rows. */
function partRowsAtGutter(sorted: readonly Line[], gutter: Gutter): Line[] {
  return sorted.flatMap((line, i) => (gutter.spanning.has(i) && partAtGutter(line, gutter)) || [line]);
}

/**
 * Puts a page's lines in reading order. On a two-column page, lines crossing
 * the gutter (titles, full-width figures' captions; not code running over)
 * cut the page into bands, and each band is read left column first; with
 * `pageHeight`, the notes at the page's foot are read last (`foot_band.ts`).
 */
export function readingOrder(lines: readonly Line[], pageWidth = Infinity, pageHeight?: number): Line[] {
  let sorted = sortRows(lines);
  let gutter = findGutter(sorted, pageWidth);
  if (!gutter) return sorted;
  const parted = partRowsAtGutter(sorted, gutter);
  if (parted.length > sorted.length) {
    sorted = parted;
    gutter = findGutter(sorted, pageWidth);
    if (!gutter) return sorted;
  }
  const out: Line[] = [];
  let leftBand: Line[] = [], rightBand: Line[] = [];
  const flush = () => {
    append(out, leftBand);
    append(out, rightBand);
    leftBand = [];
    rightBand = [];
  };
  const leftTables = leftColumnTables(sorted, gutter.x), tails = codeRowTails(sorted);
  // Blocks side by side under a title (authors' boxes) are read one after the other, before the columns.
  const head = boxedHead(sorted, gutter.x);
  if (head) append(out, head.lines);
  sorted.forEach((line, i) => {
    if (i < (head?.count ?? 0)) return;
    const spanning = gutter.spanning.has(i);
    const leftCell = line.x0 < gutter.x && leftTables.has(line.spans[0]?.tag?.cell?.table ?? -1);
    // A row of code's last piece past the gutter goes on the row it ends, begun in the left column.
    const tail = (tails.get(i) ?? Infinity) < gutter.x;
    if (spanning && !leftCell && !tail && !overflowsGutter(line, sorted, gutter)) {
      flush();
      out.push(line);
    } else if (spanning || sideOfGutter(line, gutter.x) === "left") leftBand.push(line);
    else rightBand.push(line);
  });
  flush();
  return pageHeight === undefined ? out : footBandLast(out, pageHeight);
}
