import assert from "node:assert/strict";
import { InvalidInputError } from "../../../lib/shared/errors.ts";
import { checkPageRange, parsePageRange } from "../../../lib/pdf/page_range.ts";

Deno.test("parsePageRange() expands ranges, open ends and repeats into sorted pages", () => {
  assert.deepEqual(parsePageRange("1-3,5", 10), [1, 2, 3, 5]);
  assert.deepEqual(parsePageRange(" 8- ", 10), [8, 9, 10]);
  assert.deepEqual(parsePageRange("4,2,2-3", 10), [2, 3, 4]);
  assert.deepEqual(parsePageRange(undefined, 3), [1, 2, 3]);
  assert.deepEqual(parsePageRange("", 2), [1, 2]);
});

Deno.test("parsePageRange() names what is wrong with a selection", () => {
  assert.throws(() => parsePageRange("a-b", 5), InvalidInputError, 'Invalid pages "a-b": use page numbers');
  assert.throws(() => parsePageRange("0", 5), InvalidInputError, '"0" is not a forward range');
  assert.throws(() => parsePageRange("4-2", 5), InvalidInputError, '"4-2" is not a forward range');
  assert.throws(() => parsePageRange("6", 5), InvalidInputError, "the document has 5 pages");
});

Deno.test("checkPageRange() refuses page 0, reversed and malformed selections without the document", () => {
  for (const ok of [undefined, "", "1", "1-3,5", "10-", " 2 - 4 "]) checkPageRange(ok);
  assert.throws(() => checkPageRange("0"), InvalidInputError, '"0" is not a forward range from page 1 up');
  assert.throws(
    () => checkPageRange("5-2"),
    InvalidInputError,
    '"5-2" is not a forward range from page 1 up',
  );
  assert.throws(() => checkPageRange("0-"), InvalidInputError, '"0-" is not a forward range');
  assert.throws(() => checkPageRange("one"), InvalidInputError, 'Invalid pages "one": use page numbers');
});
