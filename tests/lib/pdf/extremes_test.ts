import assert from "node:assert/strict";
import { greatest, least } from "../../../lib/pdf/extremes.ts";

Deno.test("least() and greatest() answer as Math.min and Math.max spread over the values", () => {
  let seed = 5;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const special = [NaN, -0, 0, Infinity, -Infinity];
  for (let round = 0; round < 200; round++) {
    const values = Array.from(
      { length: Math.floor(random() * 8) },
      () => random() < 0.2 ? special[Math.floor(random() * special.length)]! : random() * 100 - 50,
    );
    assert.ok(Object.is(least(values), Math.min(...values)), `${values}`);
    assert.ok(Object.is(greatest(values), Math.max(...values)), `${values}`);
  }
});

Deno.test("least() and greatest() read more values than a call takes arguments", () => {
  const values = Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_003);
  assert.throws(() => Math.min(...values), RangeError);
  assert.equal(least(values), 0);
  assert.equal(greatest(values), values.reduce((a, b) => Math.max(a, b)));
});
