/** `letter_stacks.ts`: a ruled cell's letters set one a line read as the prose's words they spell. */
import assert from "node:assert/strict";
import { stackedWords } from "../../../lib/pdf/letter_stacks.ts";
import type { Line } from "../../../lib/pdf/types.ts";

const FONT = { name: "Serif", bold: false, italic: false, monospace: false };

/** One line a letter of `text`, down a column at 10 pt. */
function stack(text: string): Line[] {
  return [...text].map((letter, i) => ({
    spans: [{ text: letter, x: 10, y: 20 + 13 * i, width: 5, size: 12, font: FONT }],
    x0: 10,
    x1: 15,
    y: 20 + 13 * i,
    size: 12,
    page: 1,
  }));
}

const PROSE = new Set(["reads", "read", "and", "every", "option", "on", "once", "a"]);
const prose = (word: string) => PROSE.has(word.toLowerCase());

Deno.test("letters one a line spell the fewest prose words, a space between", () => {
  assert.equal(stackedWords(stack("readsandeveryoptiononce"), prose), "reads and every option once");
  assert.equal(stackedWords(stack("54"), prose), "54");
  // Narrow letters side by side on one line (`il`): a word still ends only at a line's end.
  const lines = stack("unt");
  lines.push({ ...lines[2]!, spans: [{ ...lines[2]!.spans[0]!, text: "il" }] });
  assert.equal(stackedWords(lines, (word) => word === "until"), "until");
});

Deno.test("letters spelling no run of prose words, or a line with a space, are left alone", () => {
  assert.equal(stackedWords(stack("type"), prose), null);
  const lines = stack("reads");
  lines[1] = { ...lines[1]!, spans: [{ ...lines[1]!.spans[0]!, text: "e a" }] };
  assert.equal(stackedWords(lines, prose), null);
  assert.equal(stackedWords(stack("a"), prose), null);
});
