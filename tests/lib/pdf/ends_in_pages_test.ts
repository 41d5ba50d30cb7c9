import assert from "node:assert/strict";
import { endsInPages } from "../../../lib/pdf/index_page.ts";
import { randomTexts } from "../../_support/random_texts.ts";

const PAGE = String.raw`(?:\d{1,4}|[ivxlc]{1,6})(?:\s*[-–—]{1,2}\s*(?:\d{1,4}|[ivxlc]{1,6}))?`;
/** The pattern an index row's pages were read with before, forward from its start. */
const PLAIN_REFERENCED = new RegExp(String.raw`^.*?\S\s*,\s*${PAGE}(?:\s*,\s*${PAGE})*(?:\s*,)?$`, "i");

Deno.test("endsInPages() tells an index row as the plain pattern did", () => {
  assert.ok(endsInPages("factor, 211, 214–216"));
  assert.ok(endsInPages("roots, xii,"));
  assert.ok(!endsInPages("1, 2, 3 and more"));
  const alphabet = ["a", "1", "2", "i", "x", ",", ",", " ", " ", "-", "–", "\n"];
  for (const text of randomTexts(21, 100_000, 14, alphabet)) {
    assert.equal(endsInPages(text), PLAIN_REFERENCED.test(text), JSON.stringify(text));
  }
});

Deno.test("endsInPages() reads 400,000 characters of pages in time linear in their number", () => {
  // Read forward, as the plain pattern was, each of these took many minutes.
  const n = 400_000;
  assert.ok(!endsInPages(`a${", 1".repeat(n / 3)}!`));
  assert.ok(!endsInPages(`a, ${"1-2,".repeat(n / 4)}!`));
  assert.ok(endsInPages(`a${", 1".repeat(n / 3)}`));
});
