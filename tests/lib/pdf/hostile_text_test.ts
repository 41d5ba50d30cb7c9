import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { itemLeadersPdf, sameSpotGlyphsPdf } from "../../_support/hostile_text_pdf.ts";

Deno.test("convertPdf() reads a page of 200,000 glyphs drawn at one spot, each its own text item", async () => {
  // pdf.js' getTextContent and the line renderer each appended a list in one spread call, which takes
  // that many arguments no more: the page threw "Maximum call stack size exceeded".
  const { markdown } = await convertPdf(sameSpotGlyphsPdf(200_000));
  assert.equal(markdown.trim(), `${".".repeat(200_000)}\n\nand more`);
});

Deno.test("convertPdf() reads a contents row of 200,000 leaders, each its own text item and line", async () => {
  // The page's lines were spread into single calls (Math.min(...), push(...)) in six places: each threw.
  const { markdown } = await convertPdf(itemLeadersPdf(200_000));
  assert.ok(markdown.startsWith(`Intro${" .".repeat(1000)}`), markdown.slice(0, 80));
  assert.ok(markdown.trim().endsWith("and more"), markdown.slice(-80));
});
