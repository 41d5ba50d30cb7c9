/**
 * The measure a page's lines are set to, where the page shows it plainly. A
 * paragraph of one line shows no measure of its own, so whether the next
 * line's first word would have fitted after it (a paragraph's end where a
 * producer leaves no space between paragraphs) can only be judged against
 * the page's: the right edge its prose reaches. That edge is every line's
 * only on a page set in one column; a page where two lines share a baseline
 * (columns side by side, a table's cells) or a line starts past the middle of
 * the text (a second column's, a line set flush right) gives no single measure.
 * Not so the cells of a table its rulings (or tags) tell, nor a listing's row
 * parted at a run of spaces into two lines of code: a one-column page holds them.
 * A list marker a producer draws apart from its item's text, on the text's
 * baseline, is no line beside it.
 *
 * @module
 */
import { isCodeLine } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { isMarkerOnly } from "./lists.ts";
import type { Line } from "./types.ts";
import { least } from "./extremes.ts";

/** Largest baseline difference, in points, at which two lines stand side by side. */
const SAME_BASELINE = 1;

/**
 * The right edge of a page's prose when the page is set in one column, else
 * undefined.
 *
 * @param page The page's lines in reading order.
 * @param right The furthest right any of its prose lines ends.
 */
export function singleColumnMeasure(page: readonly Line[], right: number): number | undefined {
  const parted = partedListingRows(page);
  const lines = page.filter((l) => !parted.has(l) && !inCell(l));
  if (!Number.isFinite(right) || lines.length === 0) return undefined;
  const left = least(lines.map((l) => l.x0));
  if (lines.some((l) => l.x0 > (left + right) / 2)) return undefined;
  // A list marker drawn apart from its item's text (AbiWord) stands on the text's baseline: no column.
  const ys = lines.filter((l) => !isMarkerOnly(plainLineText(l))).map((l) => l.y).sort((a, b) => a - b);
  for (let i = 1; i < ys.length; i++) if (ys[i]! - ys[i - 1]! < SAME_BASELINE) return undefined;
  return right;
}

/** True when a line is a table cell's, as the page's rulings (or its structure tags) tell. */
function inCell(line: Line): boolean {
  return line.spans.every((s) => s.tag?.cell !== undefined);
}

/**
 * The lines of listing rows a run of spaces parted into lines side by side
 * (`NIL_UUID; //` and its comment two spaces on): code beside code on one
 * baseline. They stand where the listing's row does, in the one column.
 */
function partedListingRows(lines: readonly Line[]): Set<Line> {
  const code = lines.filter(isCodeLine).sort((a, b) => a.y - b.y);
  const parted = new Set<Line>();
  for (let i = 1; i < code.length; i++) {
    if (code[i]!.y - code[i - 1]!.y < SAME_BASELINE) parted.add(code[i]!).add(code[i - 1]!);
  }
  return parted;
}

/** Fewest lines ending together (within {@linkcode SAME_EDGE} points) for their edge to be the measure. */
const EDGE_LINES = 3;

/** Largest difference, in points, between the ends of lines set to one edge. */
const SAME_EDGE = 1;

/** Most lines that may run past the measure (overfull lines), and how far, in ems of their type. */
const OVERFULL_LINES = 2, OVERFULL_EMS = 5;

/**
 * The measure of a page set in one column whose furthest lines ran past it:
 * the edge at least {@linkcode EDGE_LINES} lines of prose end at together,
 * with no more than {@linkcode OVERFULL_LINES} lines beyond it, by less than
 * {@linkcode OVERFULL_EMS} ems (an overfull line: a long word TeX could not
 * break, a command name in typewriter type). Undefined where no line ran
 * past the others' edge, or the page's text is ragged.
 *
 * @param prose The page's lines of prose (in one column, see {@linkcode singleColumnMeasure}).
 */
export function overfullMeasure(prose: readonly Line[]): number | undefined {
  const ends = prose.map((l) => l.x1).sort((a, b) => b - a);
  for (let i = 1; i <= OVERFULL_LINES && i + EDGE_LINES - 1 < ends.length; i++) {
    if (ends[i]! - ends[i + EDGE_LINES - 1]! > SAME_EDGE) continue;
    const past = prose.filter((l) => l.x1 > ends[i]! + SAME_EDGE);
    return past.every((l) => l.x1 - ends[i]! < l.size * OVERFULL_EMS) ? ends[i]! : undefined;
  }
  return undefined;
}
