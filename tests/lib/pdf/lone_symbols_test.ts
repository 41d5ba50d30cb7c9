/**
 * A lone symbol outside ASCII set in a font that reports a fixed pitch (a
 * subset of a few dingbats, all one width) is no inline code
 * (`styleForText` in `lib/pdf/fonts.ts`): IEEE's Computer Society layout
 * sets a `✦` under its abstract, which read as `` `✦` ``.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { fontStyleFromName, styleForText } from "../../../lib/pdf/fonts.ts";
import { REAL_DOCUMENTS, realPdfUrl } from "../../_support/pdf_real_corpus.ts";

Deno.test("a lone dingbat or bullet in a fixed-pitch font is not monospace", () => {
  const dingbats = fontStyleFromName("RPUFKZ+Dingbats", true);
  assert.equal(dingbats.monospace, true, "the font reports a fixed pitch");
  assert.equal(styleForText(dingbats, "✦").monospace, false);
  assert.equal(styleForText(dingbats, " • ").monospace, false);
});

Deno.test("typed punctuation, words, and a monospace face's symbols stay monospace", () => {
  const fixed = fontStyleFromName("ABCDEF+F12", true);
  for (const text of ["$", "}", "•x", "ab"]) assert.equal(styleForText(fixed, text).monospace, true, text);
  assert.equal(styleForText(fontStyleFromName("DejaVuSansMono", false), "•").monospace, true);
});

Deno.test("latex-tagged-ieeetran-compsoc: the dingbat under the abstract is text, not code", async () => {
  const name = "latex-tagged-ieeetran-compsoc";
  const doc = REAL_DOCUMENTS.find((d) => d.name === name);
  assert.ok(doc && !doc.heldOut, `${name} is not a tuning document`);
  const { markdown } = await convertPdf(await Deno.readFile(realPdfUrl(name)), {
    limits: { timeBudgetMs: 300_000 },
  });
  assert.ok(markdown.includes("✦"), "the dingbat is kept");
  assert.ok(!markdown.includes("`✦`"), "not as inline code");
});

Deno.test("box-drawing and block elements stay monospace: they draw in a grid of cells", () => {
  const fixed = fontStyleFromName("ABCDEF+F12", true);
  for (const text of ["│", "└", "█"]) assert.equal(styleForText(fixed, text).monospace, true, text);
});
