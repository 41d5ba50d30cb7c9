/**
 * Quotes of inline code in a narrow column (`> \`deno add jsr:@scope/pkg\``),
 * after the page cut: a command too long for the column wraps inside its
 * token (`jsr:@scope/` over `pkg`), and the row wholly in code went to a
 * listing while the row after it, going on in prose (`pkg # a comment`),
 * opened a paragraph; both became paragraphs of a quote. A quote paragraph
 * whose first row opens with inline code and stands at prose's line step
 * right under the last row of one wholly in code, at its left edge, is that
 * row's wrap: no paragraph's space parts them. And quotes of one command
 * each, one after another, stand apart as their paragraphs do: a quote
 * paragraph wholly in code after another wholly in code opens a quote of its
 * own, as `quoted_code_runs.ts` has each row of such a run do.
 *
 * @module
 */
import { type Draft, isCodeLine, leftEdge } from "./draft.ts";
import type { DocumentStats } from "./stats.ts";
import type { Line } from "./types.ts";
import { append } from "./append.ts";

/** How far (pt) a row may stand from prose's line step, or from the left edge of the row above, and wrap from it. */
const TOLERANCE = 1;

/** True when draft `d` is a paragraph of a quote, not a heading. */
function quoteParagraph(d: Draft | undefined): d is Draft {
  return !!d && d.kind === "text" && !!d.quote && !d.heading;
}

/** True when a line opens with inline code. */
function opensWithCode(line: Line): boolean {
  return !!line.spans.find((s) => s.text.trim())?.font.monospace;
}

/** True when `next` opens with the wrap of the last row of `prev`, a row wholly in code (see the module comment). */
function wrapsFrom(prev: Draft, next: Draft, stats: DocumentStats): boolean {
  const last = prev.lines.at(-1)!, first = next.lines[0]!;
  if (prev.page !== next.page || !isCodeLine(last) || !opensWithCode(first)) return false;
  return Math.abs(first.y - last.y - stats.lineGap(stats.bodySize)) <= TOLERANCE &&
    Math.abs(leftEdge(next) - leftEdge(prev)) <= TOLERANCE;
}

/**
 * Joins the wraps of quotes of inline code and sets each such quote apart
 * (see the module comment), in a document that spaces its paragraphs: only
 * there does the line step tell a wrap from a paragraph.
 */
export function settleCodeQuotes(drafts: readonly Draft[], stats: DocumentStats): Draft[] {
  if (stats.paragraphsSpaced !== true) return [...drafts];
  const out: Draft[] = [];
  for (const draft of drafts) {
    const prev = out.at(-1);
    if (quoteParagraph(prev) && quoteParagraph(draft)) {
      if (wrapsFrom(prev, draft, stats)) {
        append(prev.lines, draft.lines);
        continue;
      }
      if (prev.lines.every(isCodeLine) && draft.lines.every(isCodeLine)) draft.quoteStart = true;
    }
    out.push(draft);
  }
  return out;
}
