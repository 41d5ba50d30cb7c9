import assert from "node:assert/strict";
import { contentsEntry } from "../../../lib/pdf/contents_entry.ts";
import { TITLE_END_DOTS } from "../../../lib/pdf/contents_page.ts";
import { randomTexts } from "../../_support/random_texts.ts";

/** The one pattern a contents row was read with before. */
const PLAIN_ENTRY = /^(.*?\S)\s*((?:\.\s*){3,})?(?:\s+\?+\s*|\s+)(\d{1,4}|[ivxlcdm]{1,7})$/i;

/** A row's parts as the plain pattern reads them. */
function plainParts(text: string): [string, string | undefined, string] | null {
  const match = PLAIN_ENTRY.exec(text);
  return match && [match[1]!, match[2], match[3]!];
}

/** A row's parts as contentsEntry() reads them. */
function parts(text: string): [string, string | undefined, string] | null {
  const entry = contentsEntry(text);
  return entry && [entry.title, entry.leaders, entry.page];
}

Deno.test("contentsEntry() reads a row's title, leaders and page", () => {
  assert.deepEqual(parts("2.1 Results . . . . 17"), ["2.1 Results", ". . . .", "17"]);
  assert.deepEqual(parts("Why? 5"), ["Why?", undefined, "5"]);
  assert.deepEqual(parts("Draft ?? xii"), ["Draft", undefined, "xii"]);
  assert.deepEqual(parts("Preface 12345"), null);
});

Deno.test("contentsEntry() gives the plain pattern's parts on random rows", () => {
  const alphabets = [
    ["a", "1", "2", "i", "X", ".", ".", " ", " ", "?", "\n", "\t", ","],
    ["a", "1", ".", ".", ".", " ", " ", "?"],
  ];
  alphabets.forEach((alphabet, seed) => {
    for (const text of randomTexts(seed, 100_000, 14, alphabet)) {
      assert.deepEqual(parts(text), plainParts(text), JSON.stringify(text));
    }
  });
});

Deno.test("TITLE_END_DOTS takes the dots ending a title as the plain pattern did", () => {
  for (const text of randomTexts(3, 50_000, 12, ["a", ".", ".", " ", "\t", "?"])) {
    assert.equal(TITLE_END_DOTS.exec(text)?.index, /(?:\s*\.)+$/.exec(text)?.index, JSON.stringify(text));
  }
});

Deno.test("contentsEntry() and TITLE_END_DOTS read 400,000 dots in time linear in their number", () => {
  // Read forward from each character, as the plain patterns were, each of these took many minutes.
  const n = 400_000;
  assert.equal(contentsEntry(`1 ${".".repeat(n)}?`), null);
  assert.equal(contentsEntry(`a${" .".repeat(n)}?.  5`)?.title.length, 2 * n + 3);
  assert.equal(contentsEntry(`a${". ".repeat(n)}5`)?.leaders?.length, 2 * n - 1);
  assert.equal(TITLE_END_DOTS.exec(`a${" .".repeat(n)}x`), null);
  assert.equal(TITLE_END_DOTS.exec(`a${" .".repeat(n)}`)?.index, 1);
});
