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

/**
 * A line of bold words `headGapEm` ems apart, a quad, and body words `bodyGapEm` ems apart: a justified
 * narrow column stretches the lead-in's spaces with the body's, not the quad.
 */
function stretched(head: readonly string[], headGapEm: number, bodyGapEm: number): Line {
  const body = ["You", "can", "also", "generate"];
  const spans: Span[] = [];
  let x = 72;
  head.forEach((text, i) => {
    spans.push({ text, x, y: 100, width: text.length * 5, size: SIZE, font: bold });
    x += text.length * 5 + (i < head.length - 1 ? headGapEm : 1) * SIZE;
  });
  for (const text of body) {
    spans.push({ text, x, y: 100, width: text.length * 5, size: SIZE, font: serif });
    x += text.length * 5 + bodyGapEm * SIZE;
  }
  return { spans, x0: 72, x1: x, y: 100, size: SIZE, page: 1 };
}

Deno.test("a lead-in whose words a justified line stretched past a quad is still a run-in heading", () => {
  const head = ["Generate", "from", "fd"];
  assert.equal(runInSplit(stretched(head, 1.3, 1.2)), 3);
  // On a line whose own spaces are plain, bold words a stretched space apart are cells of a row.
  assert.equal(runInSplit(stretched(head, 1.3, 0.33)), -1);
  // Bold words farther apart than any stretched space are cells, however the line is set.
  assert.equal(runInSplit(stretched(head, 2, 1.2)), -1);
});
