import assert from "node:assert/strict";
import { append, replaceRange } from "../../../lib/pdf/append.ts";

Deno.test("append() and replaceRange() leave the lists push() and splice() spread over the items leave", () => {
  let seed = 11;
  const random = (n: number) => Math.floor((seed = (seed * 48271) % 2147483647) / 2147483647 * n);
  for (let round = 0; round < 300; round++) {
    const target = Array.from({ length: random(8) }, (_, i) => i);
    const items = Array.from({ length: random(6) }, (_, i) => 100 + i);
    const start = random(target.length + 2), count = random(target.length + 2);
    const [pushed, appended] = [[...target], [...target]];
    pushed.push(...items);
    append(appended, items);
    assert.deepEqual(appended, pushed);
    const [spliced, replaced] = [[...target], [...target]];
    spliced.splice(start, count, ...items);
    replaceRange(replaced, start, count, items);
    assert.deepEqual(replaced, spliced, `${target} ${start} ${count} ${items}`);
    const [unshifted, prepended] = [[...target], [...target]];
    unshifted.unshift(...items);
    replaceRange(prepended, 0, 0, items);
    assert.deepEqual(prepended, unshifted);
  }
});

Deno.test("append() and replaceRange() take more items than a call takes arguments", () => {
  const items = Array.from({ length: 1_000_000 }, (_, i) => i);
  assert.throws(() => [0].push(...items), RangeError);
  const target = [-1, -2];
  append(target, items);
  assert.equal(target.length, 1_000_002);
  assert.equal(target.at(-1), 999_999);
  replaceRange(target, 1, 1, items);
  assert.deepEqual([target.length, target[0], target[1], target.at(-1)], [2_000_001, -1, 0, 999_999]);
});
