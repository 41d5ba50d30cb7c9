import assert from "node:assert/strict";
import { LEADERS_AND_PAGE } from "../../../lib/pdf/paragraph_lines.ts";
import { randomTexts } from "../../_support/random_texts.ts";

/** The pattern without the lookbehind that starts it where the leaders start. */
const PLAIN_LEADERS_AND_PAGE = /(?:[.·…] ?){4,}\s*[\dixvlc]+\s*$/i;

Deno.test("LEADERS_AND_PAGE tells a contents entry's end as the plain pattern did", () => {
  assert.ok(LEADERS_AND_PAGE.test("Introduction . . . . . 12"));
  assert.ok(!LEADERS_AND_PAGE.test("and so on... 12"));
  const alphabet = [".", ".", "·", "…", " ", " ", "1", "x", "I", "a", "\t"];
  for (const text of randomTexts(11, 50_000, 16, alphabet)) {
    assert.equal(LEADERS_AND_PAGE.test(text), PLAIN_LEADERS_AND_PAGE.test(text), JSON.stringify(text));
  }
});

Deno.test("LEADERS_AND_PAGE reads 400,000 leaders in time linear in their number", () => {
  // Tried from each leader, as the plain pattern was, each of these took many minutes.
  const n = 400_000;
  assert.ok(!LEADERS_AND_PAGE.test(`a${"…".repeat(n)} `));
  assert.ok(!LEADERS_AND_PAGE.test(`a${". ".repeat(n)}a`));
  assert.ok(LEADERS_AND_PAGE.test(`a${". ".repeat(n)}12 `));
});
