import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { buildPdf } from "../../_support/synthetic_pdf.ts";

/** A 612 × 792 pt page showing `content` with Courier as /F1. */
function pageShowing(content: string): Uint8Array {
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
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
