import assert from "node:assert/strict";
import {
  DIGITS_AT_END,
  LETTER_WORD_HYPHEN_AT_END,
  LETTERS_AT_END,
  NON_SPACE_AT_END,
  SPACE_AT_END,
  WORD_HYPHEN_AT_END,
} from "../../../lib/pdf/line_end_runs.ts";
import { randomTexts } from "../../_support/random_texts.ts";

/** Each linear pattern beside the plain pattern it stands for; `group` is the part of the match read. */
const PAIRS: { name: string; linear: RegExp; plain: RegExp; group: number }[] = [
  { name: "LETTERS_AT_END", linear: LETTERS_AT_END, plain: /\p{L}+$/u, group: 0 },
  { name: "NON_SPACE_AT_END", linear: NON_SPACE_AT_END, plain: /\S+$/u, group: 0 },
  { name: "DIGITS_AT_END", linear: DIGITS_AT_END, plain: /\d+$/, group: 0 },
  { name: "SPACE_AT_END", linear: SPACE_AT_END, plain: /\s*$/, group: 0 },
  { name: "WORD_HYPHEN_AT_END", linear: WORD_HYPHEN_AT_END, plain: /[\p{L}\p{N}]+-$/u, group: 0 },
  {
    name: "LETTER_WORD_HYPHEN_AT_END",
    linear: LETTER_WORD_HYPHEN_AT_END,
    plain: /(\p{L}[\p{L}\p{N}]*)-$/u,
    group: 1,
  },
];

/** Characters of every class the patterns tell apart: letters (two scripts), digits, hyphens, spaces, marks. */
const ALPHABET = ["a", "Z", "é", "ж", "1", "9", "٣", "-", " ", "\t", "\n", ".", "/", ",", "_", "?", "😀"];

Deno.test("line_end_runs: each pattern gives the plain pattern's answer on random texts", () => {
  for (const text of randomTexts(33, 20_000, 24, ALPHABET)) {
    for (const { name, linear, plain, group } of PAIRS) {
      const want = plain.exec(text), got = linear.exec(text);
      assert.equal(got?.[group], want?.[group], `${name} on ${JSON.stringify(text)}`);
      if (group === 0) assert.equal(got?.index, want?.index, `${name} index on ${JSON.stringify(text)}`);
    }
  }
  assert.equal("Helvetica-Bold".replace(DIGITS_AT_END, ""), "Helvetica-Bold");
  assert.equal("F12".replace(DIGITS_AT_END, ""), "F");
});

Deno.test("line_end_runs: a 400,000-character token not ending the text is read in time linear in its length", () => {
  // Tried from each position, as the plain patterns are, each of these took many minutes.
  const n = 400_000;
  assert.equal(LETTERS_AT_END.exec(`${"a".repeat(n)}.`), null);
  assert.equal(LETTERS_AT_END.exec(`x ${"a".repeat(n)}`)?.[0].length, n);
  assert.equal(NON_SPACE_AT_END.exec(`${"…".repeat(n)} x`)?.[0], "x");
  assert.equal(DIGITS_AT_END.exec(`${"1".repeat(n)}a`), null);
  assert.equal(SPACE_AT_END.exec(`${" ".repeat(n)}x`)?.[0], "");
  assert.equal(SPACE_AT_END.exec(`x${" ".repeat(n)}`)?.[0].length, n);
  assert.equal(WORD_HYPHEN_AT_END.exec(`${"a1".repeat(n / 2)}\n`), null);
  assert.equal(WORD_HYPHEN_AT_END.exec(`${"a1".repeat(n / 2)}-`)?.[0].length, n + 1);
  assert.equal(LETTER_WORD_HYPHEN_AT_END.exec(`${"a".repeat(n)}-.`), null);
  assert.equal(LETTER_WORD_HYPHEN_AT_END.exec(`1${"a".repeat(n)}-`)?.[1]?.length, n);
});
