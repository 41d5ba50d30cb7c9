import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { buildPdf } from "../../_support/synthetic_pdf.ts";

/**
 * A 612 × 792 pt page showing `content` with `font` (Courier unless given) as
 * /F1, then any `more` objects (from number 6).
 */
function pageShowing(
  content: string,
  font = "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>",
  more: string[] = [],
): Uint8Array {
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    font,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...more,
  ]);
}

Deno.test("a line running past the page's right edge keeps its end", async () => {
  // 10 pt Courier is 6 pt a character: from x = 72 these 100 characters end at x = 672.
  const long = `${'const settings = { mode: "strict", retries: 3 }; // tail '.padEnd(87, "x")} OVERFLOW END`;
  const { markdown } = await convertPdf(pageShowing(`BT /F1 10 Tf 72 700 Td (${long}) Tj ET`));
  assert.match(markdown, /OVERFLOW END/);
  assert.ok(markdown.includes(long), markdown);
});

Deno.test("text placed off the page on its own stays out, beside a line or away from it", async () => {
  const { markdown } = await convertPdf(pageShowing([
    "BT /F1 10 Tf 72 700 Td (Visible words on the page.) Tj ET",
    // Its own line, wholly past the right edge.
    "BT /F1 10 Tf 700 650 Td (OFFPAGE) Tj ET",
    // On a visible line's baseline, but 300 pt past where that line ends.
    "BT /F1 10 Tf 72 600 Td (A visible line) Tj 600 0 Td (FARAWAY) Tj ET",
  ].join("\n")));
  assert.match(markdown, /Visible words on the page\./);
  assert.match(markdown, /A visible line/);
  assert.doesNotMatch(markdown, /OFFPAGE|FARAWAY/);
});

/**
 * A page in Helvetica whose `ToUnicode` maps the code `\255` (the hyphen
 * glyph of WinAnsi) to U+00AD, as LuaTeX maps the hyphen it draws at a
 * line break.
 */
function softHyphenPage(content: string): Uint8Array {
  const cmap = [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "/CMapName /Soft def 1 begincodespacerange <00> <FF> endcodespacerange",
    "1 beginbfrange <20> <7E> <0020> endbfrange",
    "1 beginbfchar <AD> <00AD> endbfchar",
    "endcmap CMapName currentdict /CMap defineresource pop end end",
  ].join("\n");
  return pageShowing(
    content,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 6 0 R >>",
    [`<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`],
  );
}

Deno.test("a drawn soft hyphen at a line's end joins the broken word; one inside a line is dropped", async () => {
  const { markdown } = await convertPdf(softHyphenPage([
    "BT /F1 11 Tf 72 700 Td (The author published many papers and ex\\255) Tj ET",
    "BT /F1 11 Tf 72 686 Td (tensively revised his notes on the viscosity of air.) Tj ET",
    "BT /F1 11 Tf 72 640 Td (A soft\\255hyphen inside a line is no break at all.) Tj ET",
  ].join("\n")));
  assert.ok(markdown.includes("papers and extensively revised his notes"), markdown);
  assert.ok(markdown.includes("A softhyphen inside a line"), markdown);
  assert.ok(!markdown.includes("\u00ad"), markdown);
});
