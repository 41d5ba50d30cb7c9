import assert from "node:assert/strict";
import { nextShift, shiftCarries, shiftedId, treeIdShift } from "../../../lib/pdf/tree_id_shift.ts";

/** Marked-content ids `from`…`to` of page object 12 as pdf.js spells them. */
function ids(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `p12R_mc${from + i}`);
}

Deno.test("a tree whose ids meet the page's content is left alone", () => {
  assert.equal(treeIdShift(ids(0, 9), new Set(ids(0, 9))), 0);
  // One element filed under the next page's first id is no reason to shift.
  assert.equal(treeIdShift([...ids(0, 9), "p12R_mc10"], new Set(ids(0, 9))), 0);
});

Deno.test("a tree counting its ids on from the pages before is shifted back to the page's", () => {
  // The page holds content 0-39; the tree counts on from 490, one id of the page before among them.
  const content = new Set(ids(0, 39));
  assert.equal(treeIdShift(ids(490, 529), content), 490);
  // Where 489 and 490 meet as many, the larger is taken.
  assert.equal(treeIdShift(ids(489, 529), content), 490);
  // The pages before say which: then the shift they give is taken.
  assert.equal(treeIdShift(ids(489, 529), content, 489), 489);
  assert.equal(shiftedId("p12R_mc495", 490), "p12R_mc5");
  assert.equal(nextShift(490, content), 530);
  assert.equal(nextShift(0, content), 40);
});

Deno.test("a tree no shift makes meet the page's content is left alone", () => {
  const content = new Set(ids(0, 39));
  assert.equal(treeIdShift(["p12R_mc500", "p12R_mc700", "p12R_mc900"], content), 0);
  assert.equal(treeIdShift([], content), 0);
});

Deno.test("a page holding more marked content than a call takes arguments is shifted, not thrown on", () => {
  // 150,000 ids: past what spreading them into one call's arguments allows.
  const content = new Set(ids(0, 149_999));
  assert.equal(treeIdShift(ids(1_000_000, 1_149_999), content), 1_000_000);
});

Deno.test("a start read without the pages before carries where they give the shift it took, not where they give another", () => {
  // Read alone, 490 won the tie with 489; the pages before may give either.
  const start = { treeIds: ids(489, 529), contentIds: ids(0, 39), shift: 490 };
  assert.ok(shiftCarries(start, undefined));
  assert.ok(shiftCarries(start, 490));
  assert.ok(!shiftCarries(start, 489));
  // A shift the page's ids do not meet is no reason to read it again.
  assert.ok(shiftCarries(start, 300));
});
