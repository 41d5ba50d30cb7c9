import assert from "node:assert/strict";
import { markdown, pageAt } from "../../_support/laid_out_page.ts";

// Four columns at these left edges, one line of 12 points a row.
const A = 72, B = 150, C = 250, D = 350;

Deno.test("a table cell that ran into the next two splits at each column's left edge", () => {
  // 5 points a character: the spaces fall 0.6 of a character left of the second and third columns' edges.
  const swallowed = `${"a".repeat(15)} ${"b".repeat(19)} cc`;
  const text = markdown(pageAt(
    ["Name", A, 95, 100],
    ["Kind", B, 175, 100],
    ["Size", C, 270, 100],
    ["Notes", D, 375, 100],
    ["first", A, 97, 112],
    ["kind", B, 170, 112],
    ["1", C, 255, 112],
    ["none", D, 370, 112],
    [swallowed, A, A + swallowed.length * 5, 124],
    ["none", D, 370, 124],
  ));
  assert.match(text, /^\| a{15} \| b{19} \| cc \| none \|$/m);
  assert.match(text, /^\| first \| kind \| 1 \| none \|$/m);
});
