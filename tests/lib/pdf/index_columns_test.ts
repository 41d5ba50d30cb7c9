import assert from "node:assert/strict";
import { columnOf } from "../../../lib/pdf/index_page.ts";
import { seeded } from "../../_support/random_texts.ts";

Deno.test("columnOf: a binary search finds each row's column as the search back through the edges did", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const random = seeded(seed);
    const edges: number[] = [];
    for (let x = random() * 40; edges.length < Math.floor(random() * 8); x += 1 + Math.floor(random() * 90)) {
      edges.push(x);
    }
    // Points before, between, on and after the edges.
    const points = [...edges, ...Array.from({ length: 20 }, () => random() * 600 - 50)];
    for (const x of points) {
      assert.equal(columnOf(edges, x), Math.max(0, edges.findLastIndex((e) => e <= x)), `seed ${seed}, ${x}`);
    }
  }
});
