import assert from "node:assert/strict";
import { type Draft, linesExtent } from "../../../lib/pdf/draft.ts";
import { line } from "../../_support/laid_out_page.ts";

/** The extent's three figures, as `[left, laterLeft, widest]`. */
function extentOf(draft: Draft): number[] {
  const { left, laterLeft, widest } = linesExtent(draft.lines);
  return [left, laterLeft, widest];
}

Deno.test("linesExtent() follows a draft's lines as they are appended, and starts over on a new array", () => {
  const draft: Draft = { kind: "text", page: 1, lines: [line("first", 90, 300, 100)] };
  assert.deepEqual(extentOf(draft), [90, Infinity, 210]);
  draft.lines.push(line("second", 72, 200, 112));
  assert.deepEqual(extentOf(draft), [72, 72, 210]);
  draft.lines.push(line("third", 80, 400, 124));
  assert.deepEqual(extentOf(draft), [72, 72, 320]);
  draft.lines = [line("alone", 100, 150, 136)];
  assert.deepEqual(extentOf(draft), [100, Infinity, 50]);
});
