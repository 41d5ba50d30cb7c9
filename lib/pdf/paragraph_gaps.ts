/**
 * Whether a document sets its paragraphs apart by space. Most producers leave
 * more space between paragraphs than between a paragraph's lines, so a line
 * ended short without a sentence's end (a hard line break) still goes on with
 * its paragraph when no space follows it. A producer that leaves none
 * (AbiWord) shows a paragraph's end only where its last line ends short;
 * there, a short line ends its paragraph whatever it ends with: a label or a
 * heading set at body size, a sentence ending in inline code.
 *
 * The document's own spacing tells which, where its paragraphs plainly end:
 * a line ending a sentence, after which the next line's first word would
 * have fitted, followed at the same left edge and size by prose that is not a
 * list item. Where most such ends are followed by more than the line step,
 * the document spaces its paragraphs.
 *
 * @module
 */
import { plainLineText } from "./inline.ts";
import { listMarker } from "./lists.ts";
import { nextWordFitted } from "./paragraph_lines.ts";
import { endsSentence } from "./sentence_ends.ts";
import { sizeKey } from "./stats.ts";
import type { Line, PageText } from "./types.ts";

/** Share of a document's plain paragraph ends followed by more than the line step, at and above which it spaces paragraphs. */
const SPACED_SHARE = 0.5;

/** Most plain paragraph ends looked at: a long document tells by its first pages. */
const MAX_ENDS = 200;

/** True when a line is prose: some text outside a monospace font, not in a table cell. */
function isProse(line: Line): boolean {
  return !line.spans[0]?.tag?.cell && line.spans.some((s) => !s.font.monospace && s.text.trim());
}

/**
 * True when the document leaves more than its line step between paragraphs,
 * false when it leaves none, undefined when no paragraph plainly ends.
 *
 * @param pages The document's pages.
 * @param lineGap The usual distance between a paragraph's lines, by size.
 */
export function spacesParagraphs(
  pages: readonly PageText[],
  lineGap: (size: number) => number,
): boolean | undefined {
  let ends = 0, spaced = 0;
  for (const page of pages) {
    for (let i = 1; i < page.lines.length && ends < MAX_ENDS; i++) {
      const prev = page.lines[i - 1]!, line = page.lines[i]!;
      if (sizeKey(prev.size) !== sizeKey(line.size) || Math.abs(prev.x0 - line.x0) > 1) continue;
      if (!isProse(prev) || !isProse(line) || listMarker(prev) || listMarker(line)) continue;
      const dy = line.y - prev.y, step = lineGap(line.size);
      if (dy < step * 0.8 || dy > step * 4) continue;
      if (!endsSentence(plainLineText(prev)) || !nextWordFitted([prev], line)) continue;
      ends++;
      if (dy > step * 1.3 + 1) spaced++;
    }
  }
  return ends === 0 ? undefined : spaced / ends >= SPACED_SHARE;
}
