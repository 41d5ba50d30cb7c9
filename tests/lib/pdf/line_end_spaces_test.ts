/**
 * Spaces drawn at the end of a row of code (`line_end_spaces.ts`): read from
 * a made-up operator list, and on fixture `break_spaces` (two-column
 * WeasyPrint, made from Markdown by `deno task make:pdf-layout-fixtures`),
 * converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { OPS as PDFJS_OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { markSpacesAfter, spaceEnds, TEXT_OPS } from "../../../lib/pdf/line_end_spaces.ts";
import type { Span } from "../../../lib/pdf/types.ts";
import { OPS } from "../../../lib/pdf/vector_marks.ts";

Deno.test("the text state codes are pdf.js' own", () => {
  for (const [name, code] of Object.entries(TEXT_OPS)) {
    assert.equal(PDFJS_OPS[name as keyof typeof PDFJS_OPS], code, name);
  }
});

/** A glyph of a 600-unit monospace font, as pdf.js sends it. */
const glyph = (c: string) => ({ unicode: c, width: 600, isSpace: c === " " });

/** An operator list showing `rows` at 10 pt, one under the other from (100, 700), on a 792 pt page. */
function listing(rows: string[]) {
  const fnArray: number[] = [TEXT_OPS.beginText, OPS.setFont, TEXT_OPS.setLeading];
  const argsArray: unknown[] = [null, ["f1", 10], [12]];
  fnArray.push(TEXT_OPS.moveText), argsArray.push([100, 700]);
  for (const row of rows) {
    fnArray.push(OPS.showText, TEXT_OPS.nextLine);
    argsArray.push([[...row].map(glyph)], null);
  }
  return { fnArray, argsArray };
}

Deno.test("a showing whose last glyph is a space gives where that space starts; kerning after it changes nothing", () => {
  const view = [1, 0, 0, -1, 0, 792];
  const ends = spaceEnds(listing(["the https://a.org/ ", "schedule", "x  "]), view, () => 0.001);
  // 18 glyphs of 6 pt before the space on the first row; two spaces end the third, from the first.
  assert.deepEqual(ends.map((e) => [Math.round(e.x * 10) / 10, e.y, e.size]), [[208, 92, 10], [
    106,
    116,
    10,
  ]]);
  const kerned = {
    fnArray: [OPS.setFont, OPS.showText],
    argsArray: [["f1", 10], [[glyph("a"), glyph(" "), -250]]],
  };
  assert.deepEqual(spaceEnds(kerned, view, () => 0.001).map((e) => e.x), [6]);
});

Deno.test("a monospace span ending where a drawn space starts is marked; one ending elsewhere or in prose is not", () => {
  const span = (text: string, x: number, monospace = true): Span => ({
    text,
    x,
    y: 92,
    width: text.length * 6,
    size: 10,
    font: { name: "Mono", bold: false, italic: false, monospace },
  });
  const spans = [span("the https://a.org/", 100), span("short", 100), span("the https://a.org/", 100, false)];
  markSpacesAfter(spans, [{ x: 208, y: 92, size: 10 }]);
  assert.deepEqual(spans.map((s) => s.spaceAfter === true), [true, false, false]);
});

Deno.test("a listing row wrapped at a space it draws goes on after a space, one broken inside a token straight on", async () => {
  const url = new URL("./fixtures/layout/break_spaces.weasyprint-columns.pdf", import.meta.url);
  const { markdown } = await convertPdf(await Deno.readFile(url));
  // `https://kilns.example.org/` ends its row with the space the engine broke at: a slash inside a path
  // alone would go on straight.
  assert.ok(markdown.includes("the https://kilns.example.org/ schedule format"), markdown);
  // A regular expression's slash after an arrow (`(p) => /` `\.draft$/`) would go on after a space: the
  // document draws the spaces it breaks its listings at, and draws none there.
  assert.ok(markdown.includes("{ skip: (p) => /\\.draft$/.test(p.name) });"), markdown);
  assert.ok(markdown.includes('require("kiln-plan/dist/profiles/cone6-slow.json");'), markdown);
  assert.ok(markdown.includes('require("kiln-plan/dist/browser/kiln.cjs"); // browser bundle\n'), markdown);
});

Deno.test("where listings draw the spaces they break at, a row ending in one goes on where the next word would not fit", async () => {
  const url = new URL("./fixtures/layout/break_spaces.weasyprint-columns.pdf", import.meta.url);
  const { markdown } = await convertPdf(await Deno.readFile(url));
  // Wrapped at spaces it draws, far from any hyphen or slash: one row again.
  const help =
    "Checks a firing plan against the https://kilns.example.org/ schedule format and prints every step " +
    "with its hold.";
  assert.ok(markdown.includes("```\n$ kiln-plan --help\n" + help + "\n```"), markdown);
});
