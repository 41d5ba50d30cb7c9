/**
 * A hyphen ending a word after a slash (`"warm"/pre-` / `filled`) is the
 * word's own: TeX hyphenates only the first word after a space, so the line
 * joins keep it, where a word the typesetter may have broken loses it.
 */
import assert from "node:assert/strict";
import { documentLexicon } from "../../../lib/pdf/lexicon.ts";
import { joinLineBreak } from "../../../lib/pdf/line_joins.ts";
import { slashWordHyphen } from "../../../lib/pdf/slash_word_hyphens.ts";
import type { Line, Piece } from "../../../lib/pdf/types.ts";

const FONT = { name: "Serif", bold: false, italic: false, monospace: false };

/** A line of prose at `y`, from 72 to `x1` points. */
function line(text: string, y: number, x1 = 540): Line {
  return {
    page: 1,
    y,
    x0: 72,
    x1,
    size: 10,
    spans: [{ text, x: 72, y, width: x1 - 72, size: 10, font: FONT }],
  };
}

/** Justified text (the lines end together), as TeX sets it, hyphenating to fill them. */
const LINES = [
  line('The benchmarks are performed with a "warm"/pre-', 100),
  line("filled disk-cache, and the results for a cold one show the same com-", 112),
  line("parable trends on every machine the tests were run on, more or less.", 124),
  line("That is all.", 136, 140),
];

/** The text two lines make joined, the first line's pieces being `before` and the next opening with `after`. */
function joined(before: string, after: string): string {
  const pieces: Piece[] = [{ text: before, code: false }];
  const first: Piece = { text: after, code: false };
  const words = documentLexicon([{ page: 1, width: 612, height: 792, lines: LINES }]);
  joinLineBreak(pieces, first, {
    line: LINES[1]!,
    prevLine: LINES[0],
    lines: LINES,
    dashesOnly: false,
    words,
  });
  return [...pieces, first].map((p) => p.text).join("");
}

Deno.test("a word after a slash keeps its hyphen at a line's end; a word after a space loses the typesetter's", () => {
  assert.equal(joined('with a "warm"/pre-', "filled disk-cache"), 'with a "warm"/pre-filled disk-cache');
  assert.equal(joined("the same com-", "parable trends"), "the same comparable trends");
});

Deno.test("the word must follow a letter and a slash in one run of text", () => {
  assert.ok(slashWordHyphen("a \u201dwarm\u201d/pre-"));
  assert.ok(slashWordHyphen("input/out-"));
  assert.equal(slashWordHyphen("a pre-"), false);
  // TeX's hyphenation starts from the first letter after a space: a number before the slash is passed over.
  assert.equal(slashWordHyphen("3/pre-"), false);
});
