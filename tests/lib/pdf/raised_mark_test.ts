import assert from "node:assert/strict";
import { raisedAndSmaller } from "../../../lib/pdf/raised_mark.ts";

/** A line of 10-point text on baseline 100. */
const TEXT = { y: 100, size: 10 };

Deno.test("a smaller mark raised above the text's baseline is one", () => {
  assert.equal(raisedAndSmaller({ y: 96, size: 7 }, TEXT, 0.8), true);
});

Deno.test("a mark on the text's baseline, or raised less than 0.15 em, is none", () => {
  assert.equal(raisedAndSmaller({ y: 100, size: 7 }, TEXT, 0.8), false);
  assert.equal(raisedAndSmaller({ y: 99, size: 7 }, TEXT, 0.8), false);
});

Deno.test("a mark larger than its share of the text's size is none", () => {
  assert.equal(raisedAndSmaller({ y: 96, size: 8.5 }, TEXT, 0.8), false);
  assert.equal(raisedAndSmaller({ y: 96, size: 8.5 }, TEXT, 0.9), true);
});

Deno.test("a mark raised beyond the highest ems asked is a line above, no mark", () => {
  assert.equal(raisedAndSmaller({ y: 88, size: 7 }, TEXT, 0.9, 0.6), false);
  assert.equal(raisedAndSmaller({ y: 88, size: 7 }, TEXT, 0.9), true);
});
