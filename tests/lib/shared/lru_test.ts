import assert from "node:assert/strict";
import { LruCache } from "../../../lib/shared/lru.ts";

Deno.test("LruCache drops the least recently used entry when full", () => {
  const cache = new LruCache<string, number>(2);
  cache.set("a", 1).set("b", 2);
  assert.equal(cache.get("a"), 1);
  cache.set("c", 3);
  assert.equal(cache.has("b"), false);
  assert.equal(cache.get("a"), 1);
  assert.equal(cache.get("c"), 3);
  assert.equal(cache.size, 2);
});

Deno.test("LruCache refreshes recency on set and keeps falsy values", () => {
  const cache = new LruCache<string, number | undefined>(2);
  cache.set("a", 0).set("b", undefined).set("a", 5).set("c", 1);
  assert.equal(cache.has("b"), false, "b was least recent once a was written again");
  assert.equal(cache.get("a"), 5);
  cache.set("z", undefined);
  assert.equal(cache.has("z"), true);
  assert.equal(cache.delete("z"), true);
  cache.clear();
  assert.equal(cache.size, 0);
});

Deno.test("LruCache keeps recency right when the most recent key is read again, deleted or re-added", () => {
  const cache = new LruCache<string, number>(2);
  cache.set("a", 1).set("b", 2);
  assert.equal(cache.get("b"), 2);
  assert.equal(cache.get("b"), 2);
  cache.set("c", 3);
  assert.equal(cache.has("a"), false, "a was least recent: b was read last");
  cache.delete("c");
  cache.set("d", 4);
  assert.equal(cache.get("b"), 2, "b moves ahead of d");
  cache.set("e", 5);
  assert.equal(cache.has("d"), false);
  assert.deepEqual([cache.get("b"), cache.get("e")], [2, 5]);
});

Deno.test("LruCache rejects a capacity that is not a positive integer", () => {
  for (const capacity of [0, -1, 1.5, Number.NaN]) {
    assert.throws(() => new LruCache(capacity), RangeError);
  }
});
