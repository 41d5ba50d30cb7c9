/**
 * Symbols a monospace font lacks, drawn from a fallback font inside a row of
 * code (`code_fallback_glyphs.ts`): on made-up spans, and on fixture
 * `fallback_symbols` (gropdf, made from Markdown by
 * `deno task make:pdf-layout-fixtures`), converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { adoptFallbackSymbols } from "../../../lib/pdf/code_fallback_glyphs.ts";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import type { Span } from "../../../lib/pdf/types.ts";

/** A span of `text` at `x` on one baseline, 6 pt a character. */
function span(text: string, x: number, monospace: boolean): Span {
  const font = { name: monospace ? "Courier" : "Symbol", bold: false, italic: false, monospace };
  return { text, x, y: 400, width: text.length * 6, size: 10, font };
}

Deno.test("a symbol glued to code and followed by it within a cell is the code's; one spaced from code is not", () => {
  const inRow = [span("'", 100, true), span("±", 106, false), span("2.9 %'", 118, true)];
  adoptFallbackSymbols(inRow);
  assert.deepEqual(inRow.map((s) => s.font.monospace), [true, true, true]);
  // Between two pieces of inline code in prose, a space apart from each: prose.
  const between = [span("a", 100, true), span("→", 112, false), span("b", 124, true)];
  adoptFallbackSymbols(between);
  assert.equal(between[1]!.font.monospace, false);
  // ASCII punctuation glued to inline code is prose's: every monospace font has it (`` `A`, `B` ``).
  const listed = [span("A", 100, true), span(",", 106, false), span("B", 118, true)];
  adoptFallbackSymbols(listed);
  assert.equal(listed[1]!.font.monospace, false);
  // So is typographic punctuation: a range's dash (`` `cmex7`–`9` ``).
  const range = [span("cmex7", 100, true), span("–", 130, false), span("9", 136, true)];
  adoptFallbackSymbols(range);
  assert.equal(range[1]!.font.monospace, false);
  // A letter from another font is no fallback symbol.
  const word = [span("'", 100, true), span("x", 106, false), span("y'", 112, true)];
  adoptFallbackSymbols(word);
  assert.equal(word[1]!.font.monospace, false);
});

Deno.test("an aligned listing whose `±` comes from the Symbol font stays a listing (gropdf)", async () => {
  const url = new URL("./fixtures/layout/fallback_symbols.gropdf.pdf", import.meta.url);
  const { markdown } = await convertPdf(await Deno.readFile(url));
  assert.ok(!markdown.includes("| --- |"), markdown);
  assert.ok(markdown.includes("\n'front right' 14       '151.0 deg/h'    '± 2.7 %'  '+ 6.0 %'\n"), markdown);
});
