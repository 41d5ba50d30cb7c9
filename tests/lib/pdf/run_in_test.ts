/**
 * Where a bold run-in heading ends on its line (`runInSplit`): after a
 * quad, TeX's space after `\paragraph`, and no wider, save the kern TeX's
 * `\dots` sets after a heading ending in it.
 */
import assert from "node:assert/strict";
import { runInSplit } from "../../../lib/pdf/run_in.ts";
import type { FontStyle, Line, Span } from "../../../lib/pdf/types.ts";

const SIZE = 10;
const serif: FontStyle = { name: "CMR10", bold: false, italic: false, monospace: false };
const bold: FontStyle = { ...serif, name: "CMBX10", bold: true };

/** A line of a bold lead-in `head` and body text after a gap of `gapEm` ems. */
function leadIn(head: string, gapEm: number): Line {
  const headSpan: Span = { text: head, x: 72, y: 100, width: head.length * 5, size: SIZE, font: bold };
  const x = headSpan.x + headSpan.width + gapEm * SIZE;
  const body: Span = {
    text: "Generally speaking, please do not",
    x,
    y: 100,
    width: 160,
    size: SIZE,
    font: serif,
  };
  return { spans: [headSpan, body], x0: 72, x1: x + 160, y: 100, size: SIZE, page: 1 };
}

Deno.test("a bold lead-in a quad from its text is a run-in heading; one wider apart is not", () => {
  assert.equal(runInSplit(leadIn("Mandatory metadata macros", 1)), 1);
  assert.equal(runInSplit(leadIn("Mandatory metadata macros", 1.19)), -1);
});

Deno.test("a run-in heading ending in TeX's spaced dots keeps the kern after its last dot beside the quad", () => {
  // `\paragraph*{Please do not \dots}`: the dots' kern after the last dot widens the quad to 1.19 em.
  assert.equal(runInSplit(leadIn("Please do not . . .", 1.19)), 1);
  assert.equal(runInSplit(leadIn("Please do not…", 1.19)), 1);
  // Wider than a quad and the kern together, it is a gap of some other kind.
  assert.equal(runInSplit(leadIn("Please do not . . .", 1.5)), -1);
});
