import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { plainMathLetters } from "../../../lib/pdf/math_letters.ts";
import { buildPdf } from "../../_support/synthetic_pdf.ts";

/**
 * A page in Helvetica whose `ToUnicode` maps four codes to letters of the
 * mathematical alphanumeric block, as LuaTeX's `unicode-math` maps a
 * formula's glyphs: `\200` to italic `𝜌` (U+1D70C), `\201` to italic `𝑝`
 * (U+1D45D), `\202` to italic `ℎ` (U+210E, the block's hole) and `\203` to
 * script `𝒞` (U+1D49E).
 */
function mathPage(content: string): Uint8Array {
  const cmap = [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "/CMapName /Math def 1 begincodespacerange <00> <FF> endcodespacerange",
    "1 beginbfrange <20> <7E> <0020> endbfrange",
    "4 beginbfchar <80> <D835DF0C> <81> <D835DC5D> <82> <210E> <83> <D835DC9E> endbfchar",
    "endcmap CMapName currentdict /CMap defineresource pop end end",
  ].join("\n");
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 6 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`,
  ]);
}

Deno.test("a formula's italic letters from the mathematical block read as plain letters; a script letter stays", async () => {
  const { markdown } = await convertPdf(mathPage(
    "BT /F1 11 Tf 72 700 Td (The density \\200 = fn\\(\\201\\) holds where \\202 is small on the curve \\203.) Tj ET",
  ));
  assert.ok(markdown.includes("The density ρ = fn(p) holds where h is small on the curve 𝒞."), markdown);
});

Deno.test("plainMathLetters writes bold, italic, sans-serif and monospace letters and digits plain", () => {
  assert.equal(plainMathLetters("𝐀𝑎𝒂𝖠𝗮𝙖𝚊 𝟏𝟤 𝛼𝜷ℎ"), "AaaAaaa 12 αβh");
  assert.equal(plainMathLetters("ℝ 𝔸 𝒞 𝔉 𝟙"), "ℝ 𝔸 𝒞 𝔉 𝟙");
  assert.equal(plainMathLetters("plain text"), "plain text");
});
