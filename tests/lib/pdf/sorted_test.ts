import assert from "node:assert/strict";
import { extremesNear, firstInside, firstWhere } from "../../../lib/pdf/sorted.ts";

Deno.test("firstWhere() finds where a condition starts to hold in ascending numbers", () => {
  const values = [1, 3, 3, 7, 12];
  assert.equal(firstWhere(values, (v) => v >= 3), 1);
  assert.equal(firstWhere(values, (v) => v > 3), 3);
  assert.equal(firstWhere(values, (v) => v > 12), 5);
  assert.equal(firstWhere([], () => true), 0);
});

Deno.test("firstInside() answers as a scan in the given order would, on random values and intervals", () => {
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let round = 0; round < 50; round++) {
    const values = Array.from({ length: 1 + Math.floor(random() * 60) }, () => Math.round(random() * 100));
    const first = firstInside(values);
    for (let query = 0; query < 40; query++) {
      const low = random() * 110 - 5, high = low + random() * 60;
      assert.equal(first(low, high), values.find((v) => v > low && v < high), `${values} (${low}, ${high})`);
    }
  }
  assert.equal(firstInside([])(0, 10), undefined);
  assert.equal(firstInside([5, 2, 8])(2, 8), 5);
});

Deno.test("extremesNear() answers as a scan of every item would, on random keys, values and points", () => {
  let seed = 11;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let round = 0; round < 50; round++) {
    const length = Math.floor(random() * 60);
    const keys = Array.from({ length }, () => Math.round(random() * 1000) / 10);
    const values = Array.from({ length }, () => (random() < 0.05 ? NaN : Math.round(random() * 500) / 10));
    const near = extremesNear(keys, values, 2);
    for (let query = 0; query < 40; query++) {
      const point = random() * 110 - 5;
      const inside = values.filter((_, i) => Math.abs(keys[i]! - point) <= 2);
      const { count, least, greatest } = near(point);
      assert.equal(count, inside.length);
      if (inside.length) {
        assert.ok(
          Object.is(least, Math.min(...inside)) && Object.is(greatest, Math.max(...inside)),
          `${point}`,
        );
      }
    }
  }
  assert.equal(extremesNear([NaN, Infinity], [1, 2], 2)(Infinity).count, 0);
});
