/**
 * Ligature glyphs of a code font read back as the ASCII they draw, on a
 * document nobody here made: a project's README set by XeLaTeX (xdvipdfmx)
 * in Iosevka, whose programming ligatures (`//`, `:=`, `?.`, `??`, `...`)
 * the PDF gives no text for, committed in the real-world corpus
 * (`bench/pdf/real/private-social.pdf`, tuning part).
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { outlineKey, readTrueTypeGlyphs } from "../../../lib/pdf/glyph_outlines.ts";
import { readLigatures } from "../../../lib/pdf/ligature_glyphs.ts";
import { DEFAULT_PDF_LIMITS } from "../../../lib/pdf/limits.ts";
import { openPdf } from "../../../lib/pdf/load.ts";
import { REAL_DOCUMENTS, realPdfUrl } from "../../_support/pdf_real_corpus.ts";

const NAME = "private-social";
/** Characters pdf.js gives for glyphs with no Unicode value in this document (their glyph numbers). */
const GLYPH_NUMBERS = /[\u2e80-\u2fdf\u3130-\u31ef]/;

/** The document's bytes, checked to be of the tuning part. */
async function document(): Promise<Uint8Array> {
  assert.ok(REAL_DOCUMENTS.some((d) => d.name === NAME && !d.heldOut), `${NAME} is a tuning document`);
  return await Deno.readFile(realPdfUrl(NAME));
}

Deno.test("a XeLaTeX listing's ligatures in Iosevka read as the code the source has", async () => {
  const { markdown } = await convertPdf(await document(), {
    pages: "18,21,25,35",
    limits: { timeBudgetMs: 300_000 },
  });
  assert.ok(!GLYPH_NUMBERS.test(markdown), markdown);
  for (
    const line of [
      '"http://localhost:8080" +', // `//` in a URL
      "app := setup.Setup()", // a raised colon
      'RegisterRoutes(app, "v1", Routes...)',
      "// running this prints:", // the bold italic face of comments
      "options: { body?: {}; method?: string; token?: string } = {}",
      'method: options.method ?? "GET",',
      "...(options?.token && { Authorization: `Bearer ${options.token}` }),",
    ]
  ) assert.ok(markdown.includes(line), `${line}\n${markdown}`);
  // Characters the PDF does give text for keep it: a banner's box drawing around a URL.
  assert.match(
    markdown,
    /│ +The private, selfhostable .* - https:\/\/github\.com\/xnacly\/private\.social +│/,
  );
});

Deno.test("the font's ligature glyphs draw the plain glyphs' outlines moved; other glyphs differ", async () => {
  const open = await openPdf(await document(), DEFAULT_PDF_LIMITS);
  try {
    const page = await open.doc.getPage(21);
    const content = await page.getTextContent();
    await page.getOperatorList({ annotationMode: 0 });
    const id = (content.items as Array<{ str?: string; fontName?: string }>)
      .find((i) => i.str?.startsWith("app "))!.fontName!;
    const font = page.commonObjs.get(id) as { data: Uint8Array; toFontChar: Map<number, number> };
    const program = readTrueTypeGlyphs(font.data);
    assert.ok(program, "pdf.js hands over a TrueType program");
    const outline = (code: number) => program.outline(program.glyphOf(font.toFontChar.get(code)!)!);
    // Glyph numbers from the document's ToUnicode map: 0x12 is `/`, 0x1d is `:`, 0x20 is `=`.
    const slash = outline(0x12), colon = outline(0x1d), equals = outline(0x20);
    assert.ok(slash && colon && equals);
    assert.equal(outline(0x3144), slash, "the first slash of `//`");
    assert.equal(outline(0x3184), slash, "the second slash of `//`");
    assert.equal(outline(0x2ef8), colon, "the colon of `:=`, raised");
    assert.notEqual(slash, colon);
    assert.notEqual(colon, equals);
  } finally {
    await open.close();
  }
});

Deno.test("an outline's key ignores where it is placed, not its shape", () => {
  const slash: [number, number, boolean][] = [[59, -143, true], [441, 823, true], [400, 823, false]];
  const moved = slash.map(([x, y, on]): [number, number, boolean] => [x + 28, y + 75, on]);
  assert.equal(outlineKey([moved]), outlineKey([slash]));
  const mirrored = slash.map(([x, y, on]): [number, number, boolean] => [-x, y, on]);
  assert.notEqual(outlineKey([mirrored]), outlineKey([slash]));
  const offCurve = slash.map(([x, y]): [number, number, boolean] => [x, y, true]);
  assert.notEqual(outlineKey([offCurve]), outlineKey([slash]));
});

Deno.test("a damaged or non-TrueType font program reads as none, never throws", () => {
  assert.equal(readTrueTypeGlyphs(new Uint8Array(0)), undefined);
  assert.equal(readTrueTypeGlyphs(new TextEncoder().encode("OTTO and some CFF bytes")), undefined);
  const noise = new Uint8Array(4096);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + 13) % 251;
  noise.set([0, 1, 0, 0, 0, 200], 0); // an sfnt header claiming 200 tables
  assert.equal(readTrueTypeGlyphs(noise), undefined);
});

Deno.test("readLigatures replaces only the characters read, and leaves ASCII text alone", () => {
  const readings = new Map([["\u3144", "/"], ["\u3184", "/"]]);
  assert.equal(readLigatures("http:\u3144\u3184host", readings), "http://host");
  assert.equal(readLigatures("\uac00 \u3144", readings), "\uac00 /");
  assert.equal(readLigatures("plain", readings), "plain");
  assert.equal(readLigatures("http:\u3144\u3184", undefined), "http:\u3144\u3184");
});
