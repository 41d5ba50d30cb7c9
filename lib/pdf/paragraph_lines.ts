/**
 * Where a paragraph's lines end: whether the next line of a page continues
 * the paragraph drafted so far, by spacing, size, weight and left edges, with
 * the first lines that stand apart from the rest in common typesetting (a
 * first line indented, lines hanging under a bold label).
 *
 * @module
 */
import { allBold, apartInTree, blockId, type Draft, linesExtent } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import type { DocumentStats } from "./stats.ts";
import { nearSize } from "./stats.ts";
import { lastTextSpan } from "./span_text.ts";
import type { Line } from "./types.ts";
import { endsSentence, firstWord, opensSentence } from "./sentence_ends.ts";
import { wordRunWidth } from "./word_pieces.ts";
import { continuesDisplay } from "./display_rows.ts";
import { setTextWidth, spaceWidth } from "./font_advances.ts";

/**
 * Most a paragraph's first line is indented, in ems: TeX indents by 1.5 (15 pt
 * at 10 pt, 17 pt at 11 pt), word processors by up to half an inch (3 ems at
 * 12 pt).
 */
const MAX_FIRST_LINE_INDENT = 4;

/**
 * Fewest ems a paragraph's indented first line spans: a text column is
 * some 24 ems wide in two columns and 35 in one, and lines set flush right
 * (a letter's address) or centred, whose left edges step as an indent
 * does, are mostly shorter.
 */
const MIN_FIRST_LINE_EMS = 20;

/**
 * True when `first`, a paragraph's first line, wrapped above `line`: it spans
 * at least {@linkcode MIN_FIRST_LINE_EMS} ems and runs on as far as `line`,
 * less `slack` points, or further.
 */
function wrapsAbove(first: Line, line: Line, slack: number): boolean {
  return first.x1 - first.x0 >= first.size * MIN_FIRST_LINE_EMS && first.x1 >= line.x1 - slack;
}

/**
 * True when `line` is the second line of a paragraph that opens indented, as
 * TeX's and most word processors' paragraphs do: the draft holds only the
 * first line, which stands at most {@linkcode MAX_FIRST_LINE_INDENT} ems right
 * of `line` and wrapped above it (less an em, or half the indent if that is
 * less). A line indented on both sides (a quote's) or centred ends short of
 * the next line by as much as it starts right of it, and a short indented
 * line (a label) is shorter still.
 */
function followsIndentedFirstLine(draft: Draft, line: Line): boolean {
  if (draft.lines.length !== 1) return false;
  const first = draft.lines[0]!;
  const indent = first.x0 - line.x0;
  return indent > 0 && indent <= first.size * MAX_FIRST_LINE_INDENT &&
    wrapsAbove(first, line, Math.min(first.size, indent / 2)) && !LEADERS_AND_PAGE.test(plainLineText(first));
}

/**
 * The end of a table of contents' entry: dot leaders, then a page number. A
 * long entry's last line is indented under its title, as a paragraph's
 * first line is, and the next entry starts left of it. Tried only where the
 * leaders start (a lookbehind): tried from each leader, a long run of them
 * took the square of its length.
 */
export const LEADERS_AND_PAGE = /(?<![.·…] ?)(?:[.·…] ?){4,}\s*[\dixvlc]+\s*$/i;

/**
 * True when `line` is the second line of an item of a description list (or a
 * glossary) whose lines hang: the draft holds only the first line, which
 * opens with a bold label, goes on in another weight and wrapped above
 * `line` (less an em, or as far as the first word of `line` left room for),
 * and `line` is set in under it by at most
 * {@linkcode MAX_FIRST_LINE_INDENT} ems, as LaTeX's `description` sets its
 * items.
 */
function hangsUnderLabel(draft: Draft, line: Line): boolean {
  if (draft.lines.length !== 1) return false;
  const first = draft.lines[0]!;
  if (!opensWithLabel(first)) return false;
  const hang = line.x0 - first.x0;
  if (hang <= 0 || hang > first.size * MAX_FIRST_LINE_INDENT) return false;
  // A long word that did not fit may leave the first line well short of the next.
  return wrapsAbove(first, line, first.size) ||
    (first.x1 - first.x0 >= first.size * MIN_FIRST_LINE_EMS && !nextWordFitted([first], line));
}

/**
 * True when `line` is the second line of a paragraph set with a hanging
 * indent (a table's note under `Note—`, a bibliography's entry): the draft
 * holds only the first line, which ends no sentence, spans at least
 * {@linkcode MIN_FIRST_LINE_EMS} ems and was wrapped (the first word of
 * `line` would not have fitted after it), and `line` is set in under it by
 * at most {@linkcode MAX_FIRST_LINE_INDENT} ems. A paragraph's last line
 * before one whose first line is indented ends a sentence.
 */
function hangsUnderWrappedLine(draft: Draft, line: Line): boolean {
  if (draft.lines.length !== 1) return false;
  const first = draft.lines[0]!;
  const hang = line.x0 - first.x0;
  return hang > 0 && hang <= first.size * MAX_FIRST_LINE_INDENT &&
    first.x1 - first.x0 >= first.size * MIN_FIRST_LINE_EMS && !endsSentence(plainLineText(first)) &&
    !nextWordFitted([first], line);
}

/** True when a line opens with a bold label and goes on in another weight. */
function opensWithLabel(line: Line): boolean {
  const spans = line.spans.filter((s) => s.text.trim());
  return spans.length >= 2 && spans[0]!.font.bold && !spans.every((s) => s.font.bold);
}

/**
 * True when a phrase in bold wraps from the draft's last line onto `line`:
 * that line ends in bold, and the first word of `line` would not have
 * fitted after it. A line opening in bold after such a line goes on with the
 * phrase, and opens no item of a list whose items open with bold labels.
 */
function boldWrapsOn(draft: Draft, line: Line, measureRight?: number): boolean {
  const last = lastTextSpan(draft.lines.at(-1)!.spans);
  return !!last?.font.bold && !nextWordFitted(draft.lines, line, measureRight);
}

/** True when the draft's lines hang under its first: the second stands right of it. */
function hangs(draft: Draft): boolean {
  const [first, second] = draft.lines;
  return !!first && !!second && second.x0 > first.x0 + first.size * 0.8;
}

/**
 * A text's width in a proportional face, in lower-case letters' widths: a
 * capital is wider (`MB` in Times is as wide as three), a space or a stop
 * narrower, so a line's width shared out by its characters alone gives a
 * word of capitals too little and one in a line of many spaces too little.
 */
function setWidth(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (NARROW.has(code)) width += 0.55;
    else if ((code >= 65 && code <= 90) || (code > 127 && text[i] !== text[i]!.toLowerCase())) width += 1.35;
    else width += 1;
  }
  return width;
}

/** Characters narrower than a lower-case letter: a space and stops, by code unit. */
const NARROW = new Set([..." .,:;'’!|"].map((ch) => ch.charCodeAt(0)));

/**
 * True when the first word of `line` would have fitted at the end of the
 * line before it, with room to spare (its width, estimated by
 * {@linkcode setWidth} where the face is proportional, and a tenth, and a
 * space of 0.3 em): the line was ended by hand, as a paragraph's last line
 * is, not wrapped. The measure is as wide as the
 * furthest either the paragraph's lines or `line` reach, so a paragraph
 * beside another column is measured within its own (or to `measureRight`,
 * where the column's edge is known: to it alone where `overfull` lines ran
 * past it, see `overfullMeasure`). A producer that leaves
 * no space between paragraphs and indents none (AbiWord) shows no other sign.
 */
export function nextWordFitted(
  lines: readonly Line[],
  line: Line,
  measureRight = -Infinity,
  overfull = false,
): boolean {
  const prev = lines.at(-1)!;
  const span = line.spans.find((s) => s.text.trim());
  if (!span) return false;
  const text = span.text.trimStart();
  const word = firstWord(text);
  // Measured by the font's own widths where it gives them, the word needs no margin for an estimate's error.
  const measured = span.font.monospace ? undefined : setTextWidth(span, word);
  const own = measured ??
    (span.font.monospace
      ? span.width * word.length / Math.max(text.length, 1)
      : span.width * setWidth(word) / Math.max(setWidth(text), 1));
  // The span holding the word whole, it may go on in the next one (a ligature drawn apart: `fi` `lename`).
  const width = word === text ? wordRunWidth(line.spans, line.spans.indexOf(span), own) : own;
  // A measure lines ran past (overfull lines) is the column's, and theirs is not.
  let right = overfull ? measureRight : Math.max(line.x1, measureRight);
  if (!overfull) { for (const l of lines) right = Math.max(right, l.x1); }
  if (measured !== undefined) {
    const last = lastTextSpan(prev.spans);
    const space = (last && spaceWidth(last.font, last.size)) ?? prev.size * 0.3;
    return right - prev.x1 > width + space;
  }
  return right - prev.x1 > width * 1.1 + prev.size * 0.3;
}

/**
 * True when a line wholly in bold (or the line after one, opening in bold)
 * goes on with the paragraph above, a phrase set in bold wrapping over the
 * lines: the line before it was wrapped (its first word would not have fitted after it, see
 * {@linkcode nextWordFitted}, within the paragraph's lines or the page's
 * measure) and it stands at the line step (`atStep`),
 * where a heading in bold stands after a paragraph's short last line or
 * space above it.
 */
function wrapsIntoBold(draft: Draft, line: Line, atStep: boolean, measureRight?: number): boolean {
  // A paragraph of one line shows no measure of its own: only the page's tells it wrapped.
  if (!atStep || (draft.lines.length < 2 && measureRight === undefined)) return false;
  // After a line wholly in bold the phrase goes on in bold; text in another weight follows a heading.
  const opening = line.spans.find((s) => s.text.trim());
  if (allBold(draft.lines.at(-1)!) && !opening?.font.bold) return false;
  // A line wholly in bold ending in a colon after one in another weight labels what follows it (`Colors:`).
  if (allBold(line) && !allBold(draft.lines.at(-1)!) && plainLineText(line).trimEnd().endsWith(":")) {
    return false;
  }
  return !nextWordFitted(draft.lines, line, measureRight);
}

/** Least and most, in ems, a space is wide in a text face (a quarter em in Times, 0.28 in Helvetica). */
const SPACE_EMS = [0.15, 0.4] as const;

/**
 * True when `line` stands a space's width right of the paragraph's edge
 * `left`, at which `prev` stands: a word processor that keeps the space
 * after a hard line break (AbiWord, where pandoc writes `<br />` and a
 * newline) sets it at the start of the next line, which goes on with the
 * paragraph. A paragraph's first line indented, a quote or a list item's
 * text stand an em or more in.
 */
function afterKeptBreakSpace(prev: Line, line: Line, left: number): boolean {
  const inset = line.x0 - left;
  return Math.abs(prev.x0 - left) < 1 && inset >= line.size * SPACE_EMS[0] &&
    inset <= line.size * SPACE_EMS[1];
}

/**
 * True when a paragraph of two lines or more is set in from the page's left
 * edge by an em or more (a quote set in on both sides): its lines show its
 * own measure, which the page's would overstate.
 */
function ownMeasure(draft: Draft, edges?: { left?: number }): boolean {
  const left = edges?.left;
  return left !== undefined && draft.lines.length >= 2 &&
    draft.lines.every((l) => l.x0 >= left + l.size * 0.9);
}

/**
 * True when `line` continues the paragraph in `draft`.
 *
 * @param edges The left and right edges of the page's text, where known, whether its lines are
 *   justified (end together at the right edge), and its measure when set in one column (and whether
 *   overfull lines ran past it).
 */
export function continuesText(
  draft: Draft,
  line: Line,
  stats: DocumentStats,
  edges?: { left?: number; right: number; justified: boolean; measure?: number; overfull?: boolean },
): boolean {
  const prev = draft.lines[draft.lines.length - 1]!;
  if (draft.page !== line.page) return false;
  const a = blockId(prev), b = blockId(line);
  if (apartInTree(prev, line)) return false;
  const dy = line.y - prev.y;
  const spacing = stats.lineGap(prev.size);
  if (dy <= 0 || dy > spacing * 1.3 + 1) return false;
  // A display formula's rows (fraction, limits) stand at their own edges and sizes, closer than lines.
  if (continuesDisplay(draft.lines, line, stats.lineGap(stats.bodySize))) return true;
  // Lines of one tagged paragraph (`P`) a line apart are that paragraph, whatever their type or length.
  if (a !== undefined && a === b && prev.spans[0]?.tag?.paragraph) return true;
  const ended = endsSentence(plainLineText(prev));
  // A little more space than between lines, after a sentence's end and before a capital: a paragraph's.
  if (dy > spacing * 1.2 + 1 && ended && opensSentence(plainLineText(line))) return false;
  if (!nearSize(line.size, prev.size)) return false;
  if (allBold(line) !== allBold(prev) && !wrapsIntoBold(draft, line, dy <= spacing + 1, edges?.measure)) {
    return false;
  }
  const { left, widest } = linesExtent(draft.lines);
  if (line.x0 < left - prev.size * 1.5 && !followsIndentedFirstLine(draft, line)) return false;
  if (
    line.x0 > left + prev.size * 0.8 && Math.abs(prev.x0 - left) < 1 && a === undefined &&
    !hangsUnderLabel(draft, line) && !hangsUnderWrappedLine(draft, line)
  ) return false;
  // Back at the edge of a hanging item's label, or at a label as the draft opened with, the next item starts.
  if (hangs(draft) && line.x0 <= left + 1) return false;
  if (opensWithLabel(line) && opensWithLabel(draft.lines[0]!) && !boldWrapsOn(draft, line, edges?.measure)) {
    return false;
  }
  if (draft.lines.length >= 2 && prev.x1 - prev.x0 < widest * 0.7 && ended) return false;
  // Where paragraphs stand apart by space, a short line with no sentence's end may be a hard line break.
  if (
    (ended || stats.paragraphsSpaced === false) &&
    nextWordFitted(
      draft.lines,
      line,
      ownMeasure(draft, edges) ? undefined : edges?.measure,
      edges?.overfull,
    ) &&
    !afterKeptBreakSpace(prev, line, left)
  ) {
    return false;
  }
  // Two lines set in alike from the margin, the first ending a sentence two ems short of the text's right
  // edge (less as much again, as a quote is set in on both sides): a paragraph's continued lines return to
  // the margin, so each opens a paragraph of its own (indented paragraphs of one line, no space between).
  // Only where lines are justified: a ragged line ends short wherever the next word did not fit.
  if (
    draft.lines.length === 1 && ended && edges?.justified && edges.left !== undefined &&
    prev.x0 >= edges.left + prev.size * 0.8 &&
    Math.abs(line.x0 - prev.x0) < 1 &&
    prev.x1 < Math.max(line.x1, edges.right - (prev.x0 - edges.left)) - prev.size * 2
  ) return false;
  return true;
}
