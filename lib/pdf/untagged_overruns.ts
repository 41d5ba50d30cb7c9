/**
 * Untagged text among a tagged page's text. LaTeX's tagging code leaves a
 * table it does not tag unmarked (pdfTeX) or marks it as an artifact
 * (LuaTeX, read as text by `artifact_blocks.ts`); in two columns such a
 * table, too wide for its column, runs over the gutter and over the right
 * column's tagged text on the same baselines. Two things then go wrong:
 * a cell ending at the gutter and the right column's line starting there
 * touch, and were joined as one line; and a row crossing the gutter cut the
 * page into bands as a title does, its table's rows read among the right
 * column's. The tags part them: untagged text and tagged text on one
 * baseline are two lines, and an untagged line crossing the gutter where the
 * right column's tagged text runs on above and below it is the left
 * column's, as a listing's row running over is (`layout.ts`). Likewise a
 * listing's row running over the gutter up to the right column's line on
 * its baseline is no part of that line where the tree files the two under
 * blocks of their own, and so is a left column's line of a paragraph ending
 * at the gutter by the right column's line of another paragraph (pdfTeX sets
 * a full line of its narrow column within a word space of the next).
 *
 * @module
 */
import { holdsWord } from "./span_text.ts";
import type { Line, Span } from "./types.ts";

/** True when some span of `spans` holds text, and every one that does has a tag (or none has, for `tagged` false). */
function allTagged(spans: readonly Span[], tagged: boolean): boolean {
  const text = spans.filter((s) => s.text.trim());
  return text.length > 0 && text.every((s) => (s.tag !== undefined) === tagged);
}

/**
 * True when two lines on one baseline are untagged text beside tagged text:
 * one line's every span tagged, the other's none, and the untagged one
 * holding words (an artifact list label kept for its item has none).
 */
export function taggingParts(a: readonly Span[], b: readonly Span[]): boolean {
  const words = (spans: readonly Span[]) => spans.some((s) => holdsWord(s.text));
  return (allTagged(a, true) && allTagged(b, false) && words(b)) ||
    (allTagged(a, false) && allTagged(b, true) && words(a));
}

/**
 * True when two tagged lines on one baseline are a row of code and another
 * block's text, or two paragraphs' lines: every span of each tagged, no
 * block in common, and one of them wholly monospaced or both in paragraphs.
 */
export function codeBesideOtherBlock(a: readonly Span[], b: readonly Span[]): boolean {
  if (!allTagged(a, true) || !allTagged(b, true)) return false;
  const blocks = new Set(a.map((s) => s.tag?.block));
  if (b.some((s) => blocks.has(s.tag?.block))) return false;
  const code = (spans: readonly Span[]) => spans.every((s) => s.font.monospace || !s.text.trim());
  // Paragraphs' text alone: a heading run into its paragraph, an item's label and its text are one line.
  const prose = (spans: readonly Span[]) =>
    spans.every((s) => !s.text.trim() || (s.tag?.paragraph && !s.tag.heading && !s.tag.label));
  return code(a) || code(b) || (prose(a) && prose(b));
}

/** Whether each page's lines (the array read in order) hold tagged text: asked once per page. */
const TAGGED_PAGES = new WeakMap<readonly Line[], boolean>();

/** True when `line` holds no tagged text and the page's `lines` do: it may be an untagged overrun. */
export function mayOverrunUntagged(line: Line, lines: readonly Line[]): boolean {
  let tagged = TAGGED_PAGES.get(lines);
  if (tagged === undefined) {
    tagged = lines.some((l) => l.spans.some((s) => s.tag !== undefined));
    TAGGED_PAGES.set(lines, tagged);
  }
  return tagged && line.spans.every((s) => s.tag === undefined);
}

/**
 * True when `line`, starting left of the gutter and crossing it, is untagged
 * while the right column's lines around it (`right`, those within reach
 * above and below) are all tagged: a row of the left column's untagged table
 * running over.
 */
export function untaggedOverrun(line: Line, right: readonly Line[]): boolean {
  return right.length > 0 && allTagged(line.spans, false) && right.every((l) => allTagged(l.spans, true));
}
