/**
 * The corpus scorer (`tests/_support/pdf_score.ts`) itself: what it counts as
 * a quote's text, so the benches' figures mean what a reader would see.
 */
import assert from "node:assert/strict";
import { parseMarkdown, score } from "../../_support/pdf_score.ts";

Deno.test("a listing's language is no text of the quote it stands in, as it is none outside one", () => {
  const source = "> Note\n>\n> ```text\n> if (a) {}\n> ```\n\n```js\nlet b;\n```\n";
  const plain = "> Note\n>\n> ```\n> if (a) {}\n> ```\n\n```\nlet b;\n```\n";
  assert.deepEqual(parseMarkdown(source).quotes, ["note if a"]);
  assert.deepEqual(parseMarkdown(source).words, parseMarkdown(plain).words);
  const scores = score(source, plain);
  assert.deepEqual(scores.quotes, { hit: 1, of: 1 });
  assert.equal(scores.text, 1);
});
