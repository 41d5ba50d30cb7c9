/**
 * A row of code opening a paragraph with a hanging indent (an index entry
 * whose name filled the column) goes on in the paragraph; a one-row listing
 * followed by an indented description that had room after it, or by space,
 * stays a listing.
 */
import assert from "node:assert/strict";
import { joinHangingRows } from "../../../lib/pdf/code_hanging_rows.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import type { DocumentStats } from "../../../lib/pdf/stats.ts";
import type { Line } from "../../../lib/pdf/types.ts";

const roman = { name: "LMRoman9", bold: false, italic: false, monospace: false };
const mono = { name: "LMMono9", bold: false, italic: false, monospace: true };

/** A line of one span at size 9, its letters 5 points apart. */
function line(text: string, x0: number, y: number, font = roman): Line {
  const span = { text, x: x0, y, width: text.length * 5, size: 9, font };
  return { spans: [span], x0, x1: x0 + span.width, y, size: 9, page: 41 };
}

/** The document's line step, 12 points at size 9. */
const stats = { lineGap: () => 12 } as unknown as DocumentStats;

/** An index column 150 points wide: an entry, a code row filling the column, the rest of its entry set in. */
function index(rowText: string, restY: number, restX = 116): Draft[] {
  return [
    { kind: "text", page: 41, lines: [line("alignedleftspaceyes option, 4", 106, 551)] },
    { kind: "code", page: 41, lines: [line(rowText, 106, 563, mono)] },
    { kind: "text", page: 41, lines: [line("option, 4", restX, restY)] },
  ];
}

Deno.test("a code row that filled the column opens the hanging paragraph under it", () => {
  const drafts = joinHangingRows(index("alignedleftspaceyesifneg.....", 575), stats);
  assert.deepEqual(drafts.map((d) => d.kind), ["text", "text"]);
  assert.deepEqual(drafts[1]!.lines.map((l) => l.spans[0]!.text), [
    "alignedleftspaceyesifneg.....",
    "option, 4",
  ]);
});

Deno.test("a short code row, a row with space under it, or prose not set in stays a listing", () => {
  // Room after the row for the next word: a listing's row, and a description set in under it.
  assert.deepEqual(joinHangingRows(index("-a, --all", 575), stats).map((d) => d.kind), [
    "text",
    "code",
    "text",
  ]);
  // Space between the row and the prose.
  assert.equal(joinHangingRows(index("alignedleftspaceyesifneg.....", 587), stats).length, 3);
  // The prose stands at the row's edge: no hanging indent.
  assert.equal(joinHangingRows(index("alignedleftspaceyesifneg.....", 575, 106), stats).length, 3);
});

Deno.test("prose set in under a full row with the listing resuming under it is a note inside the listing", () => {
  const drafts: Draft[] = [
    { kind: "code", page: 41, lines: [line("fun1 <- function(data, limit=20, ...) {", 106, 563, mono)] },
    { kind: "text", page: 41, lines: [line("[omitted statements]", 116, 575)] },
    { kind: "code", page: 41, lines: [line("if (graph)", 116, 587, mono)] },
  ];
  assert.deepEqual(joinHangingRows(drafts, stats).map((d) => d.kind), ["code", "text", "code"]);
});
