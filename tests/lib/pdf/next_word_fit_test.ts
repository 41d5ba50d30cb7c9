import assert from "node:assert/strict";
import { nextWordFitted } from "../../../lib/pdf/paragraph_lines.ts";
import { LEFT, line, RIGHT } from "../../_support/laid_out_page.ts";

/** A line of body text from the margin, 5 points a character (10 pt type: a space is some 3 points). */
function prose(text: string, y: number) {
  return line(text, LEFT, LEFT + text.length * 5, y);
}

/** A paragraph's full line, from margin to margin. */
const FULL = line(
  "a line of prose that fills the measure from the left margin to the right one",
  LEFT,
  RIGHT,
  100,
);

Deno.test("a line ended with room for the next word, its space and a little more, was ended by hand", () => {
  // AbiWord sets paragraphs with no space between and no indent: `… for convenience.` ends 44 points short of
  // the measure, and `Little` (30 points) opens the next paragraph.
  const ended = line("and the paragraph's last line ends here, for convenience.", LEFT, RIGHT - 44, 112);
  assert.equal(nextWordFitted([FULL, ended], prose("Little of this is needed.", 124)), true);
});

Deno.test("a line ended with room for the next word and its space alone may have been wrapped", () => {
  // 34 points left: `Little` and a space would just have fitted, which a wider space or a kerned pair undoes.
  const wrapped = line("and the paragraph's line goes on under it, for convenience", LEFT, RIGHT - 34, 112);
  assert.equal(nextWordFitted([FULL, wrapped], prose("Little of this is needed.", 124)), false);
});

Deno.test("a word of capitals is measured wider than its letters' share of the line", () => {
  // `MB` in Times is some 16 points at 10 pt and a space 2.5 more: 14.5 points left had no room for it, though
  // at the line's mean width per character (5 points) it would take 10.
  const wrapped = line(
    "memory usage grows with larger payloads, for example payloads of 5",
    LEFT,
    RIGHT - 14.5,
    112,
  );
  const next = prose("MB or more can already start to bring in these risks, with the default limits.", 124);
  assert.equal(nextWordFitted([FULL, wrapped], next), false);
});
