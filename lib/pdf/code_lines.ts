/**
 * Lines wholly of code that are not a listing's: the rest of inline code
 * wrapped from a paragraph, a heading made of code, and code typeset as
 * justified text; and the line-grid test that tells a listing's next line
 * from the next listing.
 *
 * @module
 */
import type { CodeRowGaps } from "./code_row_gaps.ts";
import { allBold, type Draft, isCodeLine, linesExtent, shadeOf } from "./draft.ts";
import { characterWidth } from "./fonts.ts";
import { matchKey } from "./headings.ts";
import { plainLineText } from "./inline.ts";
import { isMarkerOnly } from "./lists.ts";
import { continuesText, nextWordFitted } from "./paragraph_lines.ts";
import { type DocumentStats, nearSize, sizeKey } from "./stats.ts";
import { lastTextSpan } from "./span_text.ts";
import type { Line } from "./types.ts";

/**
 * True when a line wholly of code is the rest of inline code that a line of
 * the paragraph in `draft` ends with, or inline code the list item in
 * `draft` wrapped onto its text's edge, wrapped onto the next line: it sits a
 * line below, where a listing would stand a paragraph's space below, and
 * the code's first word would not have fitted after the paragraph's line.
 *
 * @param continuesItem Whether a line continues a list item (segmentation's own test).
 * @param pageRight The right end of the page's prose: a paragraph of one line is measured against it.
 */
export function wrapsInlineCode(
  draft: Draft,
  line: Line,
  stats: DocumentStats,
  continuesItem: (draft: Draft, line: Line, stats: DocumentStats) => boolean,
  pageRight = -Infinity,
): boolean {
  const prev = draft.lines.at(-1);
  if (!prev || isCodeLine(prev)) return false;
  if (draft.kind === "list_item") {
    // An item's text wraps to where its first line's text starts; a listing in the item stands
    // further below. The code may be the whole of what wrapped. A label set as a span of its own
    // at the marker's place (a bibliography's `[10]`) is the marker, and the text starts after it.
    const spans = draft.lines[0]?.spans.filter((s) => s.text.trim()) ?? [];
    const labelled = spans.length > 1 && draft.markerX !== undefined &&
      Math.abs(spans[0]!.x - draft.markerX) <= 1;
    const textXs = spans.slice(0, labelled ? 2 : 1).map((s) => s.x);
    // Measured at the item's size where its text holds inline code at the line's: the line is more of it.
    const inline = draft.lines.some((l) =>
      l.spans.some((s) => s.font.monospace && nearSize(s.size, line.size))
    );
    const measured = inline ? { ...line, size: prev.size } : line;
    return textXs.some((x) => Math.abs(line.x0 - x) <= 1) && continuesItem(draft, measured, stats);
  }
  const end = lastTextSpan(prev.spans);
  if (draft.kind !== "text") return false;
  if (!end?.font.monospace) return wrappedWholeWord(draft, line, stats, pageRight);
  // A line that had room for the code's first word was ended by hand: where paragraphs have no
  // space between them (AbiWord), a listing stands a line below prose ending in inline code. Code
  // broken after a hyphen or slash (`Prom-` / `ise<Path[]>`) runs on, whatever the room.
  const broken = /[-/]$/.test(end.text.trimEnd());
  return (broken || !nextWordFitted(draft.lines, line, pageRight)) && continuesText(draft, line, stats);
}

/**
 * True when a line wholly of code is one word that did not fit at the end of
 * the paragraph's last line, a line below it at the paragraph's edge (a code
 * span's box may set it in by its padding): inline code wrapped whole onto a
 * line of its own. A listing of one word follows a line ended by hand (one
 * that leaves room, or ends a sentence or in a colon), not a full one;
 * except where paragraphs stand apart by more than the line step: there a
 * listing does too, and a word at the line step under prose ending in a
 * colon is the paragraph's (a URL too long for any line, set overfull on a
 * row of its own).
 */
function wrappedWholeWord(draft: Draft, line: Line, stats: DocumentStats, pageRight: number): boolean {
  const prev = draft.lines.at(-1)!;
  if (prev.page !== line.page || /\s/.test(plainLineText(line).trim())) return false;
  const dy = line.y - prev.y;
  const atStep = stats.paragraphsSpaced === true && Math.abs(dy - stats.lineGap(prev.size)) <= STEP_TOLERANCE;
  if (
    !atStep && (/[.!?:]$/.test(plainLineText(prev).trim()) || nextWordFitted(draft.lines, line, pageRight))
  ) {
    return false;
  }
  if (dy <= 0 || dy > stats.lineGap(prev.size) * 1.3 + 1) return false;
  return Math.abs(line.x0 - linesExtent(draft.lines).left) <= prev.size * 0.5;
}

/** Least difference, in points, between prose's line step and code's for rows to be told apart by it. */
const STEPS_APART = 0.75;

/** How far, in points, a row may stand from a line step and still be at it. */
const STEP_TOLERANCE = 0.3;

/**
 * True when rows `dy` apart stand at the line step of prose at `proseSize`,
 * in a document whose code at `codeSize` keeps a line step of its own.
 */
export function atProseLineStep(
  dy: number,
  proseSize: number,
  codeSize: number,
  stats: DocumentStats,
): boolean {
  const step = stats.lineGap(proseSize);
  if (Math.abs(step - stats.codeLineGap(codeSize)) < STEPS_APART) return false;
  return Math.abs(dy - step) <= STEP_TOLERANCE;
}

/**
 * True when `line` stands where the next line of the paragraph or list item
 * in `draft` would, at its prose's line step, and it or the draft's last line
 * is wholly code: inline code that wrapped onto a row of its own in a narrow
 * column, or the prose that goes on after such a row. Only in a document
 * that sets code at a line step of its own: a listing's rows keep that step,
 * and a listing stands a paragraph's space below the text before it (or,
 * where paragraphs have none, below prose that ended or had room to go on,
 * measured to `pageRight`, the right end of a page set in one column: a short label
 * over a listing of short rows has room that neither line shows; or a heading's
 * line alone, wholly bold).
 */
export function atProseStep(draft: Draft, line: Line, stats: DocumentStats, pageRight = -Infinity): boolean {
  if (draft.kind !== "text" && draft.kind !== "list_item") return false;
  const prev = draft.lines.at(-1);
  // An item whose text is wholly inline code (an API's signature, linked) wraps at the body's step.
  const proseSize = draft.lines.findLast((l) => !isCodeLine(l))?.size ??
    (draft.kind === "list_item" ? stats.bodySize : undefined);
  if (!prev || !proseSize || prev.page !== line.page || !(isCodeLine(prev) || isCodeLine(line))) return false;
  // Prose that ended a sentence, or had room for the code's first word, ended its paragraph: a producer
  // that leaves no space between paragraphs (AbiWord) sets a listing a line below.
  if (
    !isCodeLine(prev) && (/[.:!?]$/.test(plainLineText(prev)) || nextWordFitted(draft.lines, line, pageRight))
  ) {
    return false;
  }
  // A line alone and wholly bold is a heading at body size, not prose wrapping into code, where the page
  // holds too little prose to measure its room (AbiWord's third level over a listing).
  if (draft.kind === "text" && draft.lines.length === 1 && isCodeLine(line) && allBold(prev)) return false;
  const code = isCodeLine(line) ? line : prev;
  if (!atProseLineStep(line.y - prev.y, proseSize, code.size, stats)) return false;
  // A paragraph run on into the next column has its edge there: measured by its lines in `line`'s column.
  const column = draft.lines.filter((l) => l.page === line.page && l.x0 < line.x1 && l.x1 > line.x0);
  const left = draft.kind === "list_item"
    ? draft.lines[0]!.spans.find((s) => s.text.trim())?.x ?? draft.lines[0]!.x0
    : linesExtent(column.length > 0 ? column : draft.lines).left;
  return Math.abs(line.x0 - left) <= 1;
}

/**
 * True when code line `line` continues the code block ending in `prev`: one
 * shaded area holds both, or, unshaded, the gap is a whole number of lines,
 * a few blank lines at most, or (where listings wrap, see `code_row_gaps.ts`) a
 * line and a wrapped row: an engine that wraps a line before its first word
 * leaves the row above holding only the line's indentation.
 */
export function continuesCode(prev: Line, line: Line, stats: DocumentStats): boolean {
  if (line.y <= prev.y) return false;
  const a = shadeOf(prev), b = shadeOf(line);
  if (a !== undefined || b !== undefined) return a === b;
  // Blank lines inside a block keep the line grid; the space between two blocks does not.
  const steps = (line.y - prev.y) / stats.codeLineGap(line.size);
  // Closer than a line: a wrapped line, set tighter than the lines of the listing (an HTML engine's).
  if (steps > 0.7 && steps < 1.2) return true;
  const gaps = stats.codeRowGaps?.(line.size);
  if (gaps !== undefined && Math.abs(line.x0 - prev.x0) <= 1 && pastBlankRows(line.y - prev.y, gaps)) {
    return false;
  }
  if (Math.round(steps) <= 3 && Math.abs(steps - Math.round(steps)) < 0.1) return true;
  if (gaps === undefined) return false;
  const longSteps = (line.y - prev.y) / gaps.longest;
  if (Math.round(longSteps) <= 3 && Math.abs(longSteps - Math.round(longSteps)) < 0.1) return true;
  // A line wrapped before its first word leaves a row holding only its indentation: a step and a
  // wrapped row's distance down, the rest hangs, set in (a listing's first line stands at its edge).
  return Math.abs(line.y - prev.y - gaps.step - gaps.wrap) < gaps.step * 0.1 && line.x0 > prev.x0 + line.size;
}

/**
 * True when a line wholly in a monospace font that holds only what reads as
 * a list marker (`10.`, `-`) is a row of the listing `draft` ends with,
 * standing on its grid: a word processor wraps a listing's long line at a
 * space, and the last word (`default: 10.`) may land alone on a row at the
 * listing's edge. A list's marker is set in the text's face, not alone in
 * the listing's, so no item starts there.
 */
export function isListingMarkerRow(line: Line, draft: Draft | undefined, stats: DocumentStats): boolean {
  const prev = draft?.kind === "code" ? draft.lines.at(-1) : undefined;
  if (!prev || prev.page !== line.page || !isMarkerOnly(plainLineText(line))) return false;
  if (!line.spans.every((s) => (s.font.monospace || !s.text.trim()) && !s.tag?.heading)) return false;
  return continuesCode(prev, line, stats);
}

/** How far, in points, a blank line's rows may stand below the listing's longest steps. */
const BLANK_ROW_SLACK = 0.25;

/**
 * True when a distance of two steps or more between two rows of code is
 * longer than that many of the listing's longest steps: where an engine
 * lays a listing's rows out as boxes of its own line height (an HTML
 * engine's, which measured `gaps`), a blank line is one more such box, so
 * the rows after it keep the grid to a fraction of a point; a paragraph of
 * inline code after the listing stands at the paragraph's spacing instead,
 * a fraction of a step further down. Only rows at one left edge are
 * measured so: a wrapped line's rows stand a fraction closer, and the
 * rows after them off the grid by that much (see `code_row_gaps.ts`).
 */
export function pastBlankRows(dy: number, gaps: CodeRowGaps): boolean {
  const rows = Math.round(dy / gaps.step);
  return rows >= 2 && dy > rows * gaps.longest + BLANK_ROW_SLACK;
}

/**
 * True when a line set wholly in a monospace font is a heading made of inline
 * code: set larger than body text (code blocks never are); wholly bold and a
 * little larger than body text and than most code (LaTeX's smallest section
 * size at 11 pt, 12 pt, is 1.09 times the body; a manual may set displayed
 * code as large, but not bold); or named by the outline, or wholly bold (an
 * HTML engine sets a code heading at the code size), and standing apart from
 * the listing before it and the one after it (a title's words inside a
 * listing, as `Usage` in help text, and a keyword alone on its line are code).
 */
export function isCodeHeading(
  line: Line,
  around: { prev: Line | undefined; next: Line | undefined },
  stats: DocumentStats,
  titles: ReadonlySet<string>,
): boolean {
  if (line.size >= stats.bodySize * 1.12) return true;
  const largerThanCode = stats.codeSize !== undefined && sizeKey(line.size) > sizeKey(stats.codeSize);
  if (allBold(line) && largerThanCode && line.size >= stats.bodySize * 1.08) return true;
  if (!titles.has(matchKey(plainLineText(line))) && !allBold(line)) return false;
  const { prev, next } = around;
  if (prev && continuesCode(prev, line, stats) && !boldAfterListing(prev, line, next, stats)) return false;
  // A wholly bold line of code after it is another such heading, not the listing it opens.
  return !(next && isCodeLine(next) && !allBold(next) && continuesCode(line, next, stats));
}

/**
 * True when a wholly bold line of code stands a blank row or more below a
 * listing and no code follows it: a heading made of inline code that a word
 * processor sets at the code's size and on the listing's grid (AbiWord's
 * `getMeta` under a listing, prose under it). A bold keyword inside a
 * listing has code after it.
 */
function boldAfterListing(prev: Line, line: Line, next: Line | undefined, stats: DocumentStats): boolean {
  if (!allBold(line) || allBold(prev) || (next && isCodeLine(next))) return false;
  return line.y - prev.y > stats.codeLineGap(line.size) * 1.5;
}

/** How far, in character cells, a space may stray from a whole number of cells on a listing's grid. */
const GRID_TOLERANCE = 0.1;

/**
 * True when a line of code is set as text: its words parted by spaces that
 * are not whole character cells, and wholly bold (a heading) or stretched to
 * the right edge of a justified page. A listing keeps its font's grid; a
 * heading or paragraph made of inline code that a typesetter justifies
 * (troff does) does not.
 */
export function setAsText(line: Line, justifiedRight: number | undefined): boolean {
  const stretched = justifiedRight !== undefined && Math.abs(line.x1 - justifiedRight) < 1;
  if (line.spans.length < 2) return false;
  if (!(stretched || allBold(line))) return partedByTextSpaces(line);
  let end: number | undefined;
  for (const span of line.spans) {
    const count = [...span.text].length;
    if (end !== undefined && count > 0) {
      const gap = span.x - end;
      const cell = span.width / count;
      const cells = gap / cell;
      if (gap > 0 && Math.abs(cells - Math.round(cells)) > GRID_TOLERANCE) return true;
    }
    end = span.x + span.width;
  }
  return false;
}

/** Narrowest and widest, in character cells, a space of the text face between two runs of code is. */
const TEXT_SPACE_CELLS = [0.2, 0.75] as const;

/**
 * True when every run of code on a line after the first stands a text
 * face's space after the one before, narrower than a character cell, and no
 * space is written: a paragraph made of inline code spans (`fooBar()`
 * `quxQuux()`), the spaces between them set in the paragraph's face. A
 * listing's words stand whole cells apart, its spaces set in its own face
 * (a run or two off its grid by a fraction leaves the others on it).
 */
function partedByTextSpaces(line: Line): boolean {
  const runs = line.spans.filter((s) => s.text.trim());
  let spaces = 0;
  for (let k = 1; k < runs.length; k++) {
    const prev = runs[k - 1]!, run = runs[k]!;
    if (/\s$/.test(prev.text) || /^\s/.test(run.text)) return false;
    const cell = characterWidth(run);
    const cells = (run.x - (prev.x + prev.width)) / cell;
    if (cells < TEXT_SPACE_CELLS[0] || cells > TEXT_SPACE_CELLS[1]) return false;
    spaces++;
  }
  return spaces > 0;
}

/**
 * True when code line `line` continues, at the top of a page's next column,
 * the listing that line `prev` ends at the foot of the column before: `line`
 * stands wholly right of `prev` and higher up, `prev` is the lowest line left
 * of `line`'s column and `line` the highest of its own. A listing breaks at a
 * column's foot only where its next line no longer fits. A line of the next
 * column set out left of an indented `line` (a row's lone `15` at the
 * column's foot under a name two cells in) starts nearer `line` than `prev`:
 * it is no line of the column before.
 */
export function continuesInNextColumn(prev: Line, line: Line, lines: readonly Line[]): boolean {
  if (line.y >= prev.y || line.x0 <= prev.x1) return false;
  const between = (prev.x0 + line.x0) / 2;
  for (const other of lines) {
    if (other.x1 <= line.x0 && other.x0 < between && other.y > prev.y + 0.5) return false;
    if (other.x0 >= prev.x1 && other.y < line.y - 0.5) return false;
  }
  return true;
}
