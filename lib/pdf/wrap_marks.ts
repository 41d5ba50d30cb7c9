/**
 * Continuation marks in listings: a LaTeX listing set with `breaklines`
 * (fvextra's, the `listings` package's) goes on with a source line too long
 * for its box in the next row, behind a mark that says so (`↪`, `↪→`, `↳`),
 * drawn in a symbol font. The mark is no text of the code: it stood as a line
 * of its own before the row and split the listing. A row of code that opens
 * with such a mark, or has one on its baseline just left of it, below a row
 * of code within two line steps, is that row's rest: the mark is dropped and
 * the row is joined to the one above (`code_edge_wraps.ts`). A mark in the code's
 * own font is the code's text and stays.
 *
 * @module
 */
import { markContinuedRow } from "./code_edge_wraps.ts";
import { whollyMonospace } from "./fonts.ts";
import type { Line, PageText } from "./types.ts";

/** Continuation marks: hooked and plain arrows (`↪`, `↳`, `⤷`, `→`), one to three of them. */
const MARK = /^[\u2192\u21aa\u21b3\u2937]{1,3}$/u;

/** Most distance, in ems, between a mark and the code it stands before. */
const MARK_GAP_EMS = 3;

/** Most distance, in line steps of about 1.2 ems, from the row above to its rest. */
const ROW_ABOVE_EMS = 2.5;

/** A line's text without spaces. */
function bare(line: Line): string {
  return line.spans.map((s) => s.text).join("").replace(/\s/g, "");
}

/** True when every span with text is monospace: a row of code. */
function isCode(line: Line): boolean {
  return line.spans.some((s) => s.text.trim()) && whollyMonospace(line);
}

/** True when a row of code stands just above `line` (within {@linkcode ROW_ABOVE_EMS} ems). */
function codeAbove(lines: readonly Line[], line: Line): boolean {
  return lines.some((l) =>
    l !== line && isCode(l) && !MARK.test(bare(l)) && l.y < line.y - line.size * 0.5 &&
    l.y >= line.y - line.size * ROW_ABOVE_EMS
  );
}

/**
 * `line` without its opening marks, or undefined when it opens with none,
 * holds nothing else, or sets them in the code's own font (an arrow the code
 * itself writes).
 */
function withoutOpeningMarks(line: Line): Line | undefined {
  let k = 0;
  while (k < line.spans.length && (!line.spans[k]!.text.trim() || MARK.test(line.spans[k]!.text.trim()))) k++;
  const marks = line.spans.slice(0, k), rest = line.spans.slice(k);
  if (rest.length === 0 || !MARK.test(bare({ ...line, spans: marks }))) return undefined;
  if (marks.some((m) => m.text.trim() && m.font.name === rest[0]!.font.name)) return undefined;
  return { ...line, spans: rest, x0: rest[0]!.x };
}

/** The pages without continuation marks, each row they stood before marked as the rest of the row above. */
export function dropWrapMarks(pages: readonly PageText[]): PageText[] {
  return pages.map((page) => {
    const drop = new Set<Line>();
    const replaced = new Map<Line, Line>();
    for (const line of page.lines) {
      if (MARK.test(bare(line))) {
        // A mark standing as a line of its own, the row's rest on its baseline just right of it.
        const rest = page.lines.find((l) =>
          l !== line && Math.abs(l.y - line.y) <= 1 && l.x0 >= line.x1 - 0.5 &&
          l.x0 - line.x1 <= l.size * MARK_GAP_EMS && isCode(l)
        );
        if (!rest || !codeAbove(page.lines, rest)) continue;
        drop.add(line);
        markContinuedRow(rest);
      } else if (isCode(line)) {
        // The cheap test first: few rows open with a mark.
        const rest = withoutOpeningMarks(line);
        if (!rest || !codeAbove(page.lines, line)) continue;
        replaced.set(line, rest);
        markContinuedRow(rest);
      }
    }
    if (drop.size === 0 && replaced.size === 0) return page;
    const lines = page.lines.filter((l) => !drop.has(l)).map((l) => replaced.get(l) ?? l);
    return { ...page, lines };
  });
}
