/**
 * Inline code wrapped onto a row of its own in a paragraph that ran on into
 * a page's second column: the row goes on with the paragraph when it stands
 * at prose's line step, at the paragraph's edge in that column.
 */
import assert from "node:assert/strict";
import { atProseStep } from "../../../lib/pdf/code_lines.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import type { DocumentStats } from "../../../lib/pdf/stats.ts";
import { codeLine, line } from "../../_support/laid_out_page.ts";

/** Prose 13.3 points a line, code 11.9: a document that sets its listings at a step of their own. */
const stats = { bodySize: 10, lineGap: () => 13.3, codeLineGap: () => 11.9 } as unknown as DocumentStats;

/** A paragraph of three lines in the left column (126.6 to 289) going on with three in the right one (from 305.6). */
function paragraph(): Draft {
  const lines = [
    line("Some services add an initial value to forms so that", 126.6, 289, 100),
    line("old versions are more likely to submit the form as", 126.6, 286, 113.3),
    line("utf-8. Additionally, the server can check the value", 126.6, 288, 126.6),
    line("against wrong encodings of the", 305.6, 457.3, 60),
    line("checkmark character and detect", 305.6, 462.6, 73.3),
    line("that a query string or", 305.6, 412.3, 86.6),
  ];
  return { kind: "text", page: 1, lines };
}

Deno.test("a code row at prose's step under a paragraph run on into the next column goes on with it", () => {
  // A token too long for the column, moved to a row of its own and broken there (`overflow-wrap`).
  assert.equal(atProseStep(paragraph(), codeLine("application/x-www-form-", 305.6, 99.9, 8.5), stats), true);
  // Set in from the paragraph's edge in that column, it is no row of the paragraph.
  assert.equal(atProseStep(paragraph(), codeLine("application/x-www-form-", 326.5, 99.9, 8.5), stats), false);
  // A listing's first row stands a paragraph's space below, not a line's step.
  assert.equal(
    atProseStep(paragraph(), codeLine("application/x-www-form-", 305.6, 109.9, 8.5), stats),
    false,
  );
});
