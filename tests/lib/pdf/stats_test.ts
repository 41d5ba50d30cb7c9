import assert from "node:assert/strict";
import { mode } from "../../../lib/pdf/stats.ts";

Deno.test("mode gives the heaviest key, the first of those that tie, and undefined for no keys", () => {
  assert.equal(mode(new Map([[1, 2], [2, 5], [3, 1]])), 2);
  assert.equal(mode(new Map([["b", 3], ["a", 3], ["c", 1]])), "b");
  // Keys of no weight still make a mode (a body size of spans holding no characters).
  assert.equal(mode(new Map([[9, 0], [10, 0]])), 9);
  assert.equal(mode(new Map()), undefined);
});
