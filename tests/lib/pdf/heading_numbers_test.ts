/**
 * Headings told by section numbers: the number's depth, lines alone, and the
 * levels of unnumbered headings learned from the numbered ones' style.
 */
import assert from "node:assert/strict";
import {
  isLineAlone,
  numberedLevels,
  sectionDepth,
  unnumberedPeers,
} from "../../../lib/pdf/heading_numbers.ts";

Deno.test("a section number's depth opens a heading; a list's number, a year or a sum does not", () => {
  assert.equal(sectionDepth("2 What was measured"), 1);
  assert.equal(sectionDepth("2.1 Checking the gauges"), 2);
  assert.equal(sectionDepth("3.1.4. Results"), 3);
  assert.equal(sectionDepth("2024 was a dry year"), 0);
  assert.equal(sectionDepth("12 apples were left"), 0);
  assert.equal(sectionDepth("Results"), 0);
});

Deno.test("a line alone is short, ends without punctuation and has more space above than a paragraph", () => {
  assert.ok(isLineAlone({ text: "1.1 In winter", lineCount: 1, spacedAbove: true }));
  assert.ok(!isLineAlone({ text: "1.1 In winter", lineCount: 1, spacedAbove: false }));
  assert.ok(!isLineAlone({ text: "1.1 In winter", lineCount: 1 }));
  assert.ok(!isLineAlone({ text: "See the table below:", lineCount: 1, spacedAbove: true }));
  assert.ok(!isLineAlone({ text: "1.1 In winter", lineCount: 2, spacedAbove: true }));
});

Deno.test("numbered headings sit at their depth, below a larger title, and lend their level to their style", () => {
  const candidates = [
    { text: "Station manual", style: "20|b" },
    { text: "1 Getting there", style: "11|b" },
    { text: "1.1 In winter", style: "11|r" },
    { text: "2 What was measured", style: "11|b" },
    { text: "Notes on the hide", style: "11|r" },
  ];
  const sizes = [20, 11, 11, 11, 11];
  assert.deepEqual(numberedLevels(candidates, sizes, [1, 2, 3, 2, 3]), [1, 2, 3, 2, 3]);
  // Without the title the numbers count from the top.
  assert.deepEqual(numberedLevels(candidates.slice(1), sizes.slice(1), [1, 2, 1, 2]), [1, 2, 1, 2]);
  // One number is no numbering.
  assert.equal(numberedLevels(candidates.slice(0, 2), sizes.slice(0, 2), [1, 2]), null);
});

Deno.test("an unnumbered line alone joins the headings only in a style two numbered ones share", () => {
  const line = (text: string, style: string, spacedAbove = true) => ({
    text,
    style,
    lineCount: 1,
    spacedAbove,
  });
  const blocks = [
    line("1.1 In winter", "r"),
    line("1.2 In summer", "r"),
    line("Notes on the hide", "r"),
    line("Notes on the hide", "i"),
    line("Notes on the hide", "r", false),
  ];
  assert.deepEqual(unnumberedPeers(blocks, [true, true, false, false, false]), [
    false,
    false,
    true,
    false,
    false,
  ]);
  assert.deepEqual(unnumberedPeers(blocks, [true, false, false, false, false]), [
    false,
    false,
    false,
    false,
    false,
  ]);
});
