/**
 * GitHub's alerts set flush with the body. A producer that knows neither the
 * alert syntax nor a quote's inset (AbiWord sets quotes flush left, marked by
 * space above alone, and below a table or a listing every paragraph stands
 * as far down) prints `> [!NOTE] …` as a plain paragraph opening with the
 * label. The label is mark enough: a body paragraph flush with its page's
 * margin whose first line opens with it is the alert's quote, with the lines
 * the alert holds up to the next block the page sets apart (a label alone on
 * its line is read with the lines under it, as a paragraph's first line). One
 * thing the page runs together is parted again: a last line that opens a
 * sentence and ends with a colon over a listing outside the quote
 * (`Example:`) introduces that listing, not the alert, since a quote's own
 * lead-in would have its listing quoted too.
 *
 * @module
 */
import { type Draft, isCodeLine } from "./draft.ts";
import { opensAlert } from "./alert_quotes.ts";
import { plainLineText } from "./inline.ts";
import type { DocumentStats } from "./stats.ts";
import { nearSize } from "./stats.ts";
import type { Line } from "./types.ts";

/** How far (pt) a paragraph's first line may stand from the page's margin and still be flush with it. */
const FLUSH_PT = 1.5;

/** True when a draft is a paragraph at body size, no heading or quote yet, flush with its page's margin. */
function flushParagraph(draft: Draft | undefined, stats: DocumentStats): draft is Draft {
  const first = draft?.lines[0], margin = draft && stats.pageMargin?.(draft.page);
  return draft?.kind === "text" && !draft.heading && !draft.quote && first !== undefined &&
    margin !== undefined && nearSize(first.size, stats.bodySize) && Math.abs(first.x0 - margin) <= FLUSH_PT;
}

/** The text of a line, trimmed. */
function textOf(line: Line): string {
  return plainLineText(line).trim();
}

/** True when a paragraph's last line is a lead-in of its own (`Example:`) to the listing after it. */
function endsInLeadIn(draft: Draft, next: Draft | undefined): boolean {
  const lines = draft.lines, last = lines[lines.length - 1]!, before = lines[lines.length - 2];
  return before !== undefined && next?.kind === "code" && !next.quote && !isCodeLine(last) &&
    /:$/.test(textOf(last)) && /[.!?]["'\u2019\u201d)]?$/.test(textOf(before));
}

/**
 * Reads body paragraphs flush with the margin that open with an alert's label
 * (`[!NOTE]`, `[!WARNING]`) as the alert's quote: see the module comment.
 * Returns the drafts, a lead-in parted from its alert as a paragraph of its own.
 */
export function quoteFlushAlerts(drafts: readonly Draft[], stats: DocumentStats): Draft[] {
  const out: Draft[] = [];
  drafts.forEach((draft, i) => {
    if (!flushParagraph(draft, stats) || !opensAlert(draft)) {
      out.push(draft);
      return;
    }
    draft.quote = true;
    if (drafts[i - 1]?.quote) draft.quoteStart = true;
    if (endsInLeadIn(draft, drafts[i + 1])) {
      const lead = draft.lines[draft.lines.length - 1]!;
      out.push({ ...draft, lines: draft.lines.slice(0, -1) }, {
        kind: "text",
        page: lead.page,
        lines: [lead],
      });
    } else out.push(draft);
  });
  return out;
}
