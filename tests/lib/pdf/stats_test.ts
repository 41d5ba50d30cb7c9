import assert from "node:assert/strict";
import { fontFamily, mode } from "../../../lib/pdf/stats.ts";
import { randomTexts } from "../../_support/random_texts.ts";

Deno.test("mode gives the heaviest key, the first of those that tie, and undefined for no keys", () => {
  assert.equal(mode(new Map([[1, 2], [2, 5], [3, 1]])), 2);
  assert.equal(mode(new Map([["b", 3], ["a", 3], ["c", 1]])), "b");
  // Keys of no weight still make a mode (a body size of spans holding no characters).
  assert.equal(mode(new Map([[9, 0], [10, 0]])), 9);
  assert.equal(mode(new Map()), undefined);
});

Deno.test("fontFamily() keeps what the plain patterns kept, and reads a long name in time linear in it", () => {
  const plain = (name: string) =>
    name.replace(/[-,].*$/, "").replace(/(PSMT|PS|MT)$/, "").replace(/\d+$/, "");
  for (const name of randomTexts(9, 50_000, 12, ["A", "b", "1", "-", ",", "P", "S", "M", "T", "\n", " "])) {
    assert.equal(fontFamily(name), plain(name), JSON.stringify(name));
  }
  // Read from each hyphen, as the plain pattern was, this took many minutes.
  const broken = `F1${"-".repeat(400_000)}\nx`;
  assert.equal(fontFamily(broken), broken);
});
