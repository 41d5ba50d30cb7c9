/**
 * Chinese and Japanese text: fonts that name one of the standard CMaps pdf.js
 * ships (read from the installed package, nothing else), set one em per
 * character without being code, lines joined without a space, and
 * paragraphs parted by space after a full-width stop before a letter of a
 * script without capitals; and the tests of a sentence's end and opening in
 * other scripts (German, French quotation marks).
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { packagedCMap, PackagedCMapsOnly } from "../../../lib/pdf/packaged_cmaps.ts";
import { endsSentence, firstWord, joinsWithoutSpace, opensSentence } from "../../../lib/pdf/sentence_ends.ts";
import { REAL_DOCUMENTS, realPdfUrl, realSourceUrl } from "../../_support/pdf_real_corpus.ts";

/** The plain paragraphs of some Markdown: blocks that open no other block. */
function paragraphs(markdown: string): string[] {
  return markdown.split(/\n\n+/).map((b) => b.trim()).filter((b) => b && !/^(#|-|\d+\.|>|```|\|)/.test(b));
}

for (const name of ["eisvogel-chinese", "eisvogel-japanese"]) {
  Deno.test(`${name}: the source's headings, paragraphs and items, not listings`, async () => {
    assert.ok(!REAL_DOCUMENTS.find((d) => d.name === name)!.heldOut);
    const { markdown } = await convertPdf(await Deno.readFile(realPdfUrl(name)), {
      limits: { timeBudgetMs: 300_000 },
    });
    const source = await Deno.readTextFile(realSourceUrl(name));
    assert.ok(!markdown.includes("```"), markdown);
    const headings = (md: string) => md.split("\n").filter((l) => /^#{1,6} /.test(l));
    assert.deepEqual(headings(markdown), headings(source));
    const ours = new Set(paragraphs(markdown));
    for (const paragraph of paragraphs(source)) assert.ok(ours.has(paragraph), `${paragraph}\n\n${markdown}`);
    const items = (md: string) =>
      md.split("\n").filter((l) => /^(-|\d+\.) /.test(l)).map((l) => l.replace(/\s+/, " "));
    assert.deepEqual(items(markdown), items(source));
  });
}

Deno.test("only the CMaps pdf.js ships are read, by their file names; no other external data", async () => {
  assert.ok((await packagedCMap("UniGB-UCS2-H.bcmap")).length > 0);
  await assert.rejects(packagedCMap("../package.json"), /No packaged CMap/);
  await assert.rejects(packagedCMap("UniGB-UCS2-H"), /No packaged CMap/);
  const factory = new PackagedCMapsOnly({});
  await assert.rejects(factory.fetch({ kind: "standardFontDataUrl", filename: "FoxitSans.pfb" }), /disabled/);
  await assert.rejects(factory.fetch({ kind: "wasmUrl", filename: "openjpeg.wasm" }), /disabled/);
});

Deno.test("a sentence ends inside its quotation marks and with a full-width stop; it opens after opening marks or with a caseless letter", () => {
  for (const text of ["Das ist gut.“", "C'est fini.»", "(Siehe oben.)", "陣委百三秋康経重。", "Fertig!"]) {
    assert.ok(endsSentence(text), text);
  }
  for (const text of ["mitten im", "Pellen-", "eine Zahl 3"]) assert.ok(!endsSentence(text), text);
  for (const text of ["„Wir gehen", "«Nous", "賞方広選", "Über", "אבג"]) assert.ok(opensSentence(text), text);
  for (const text of ["und weiter", "3 Punkte", "– danach"]) assert.ok(!opensSentence(text), text);
  assert.equal(firstWord("賞方広選付疑京"), "賞");
  assert.equal(firstWord("Pellentesque tortor"), "Pellentesque");
  assert.ok(joinsWithoutSpace("考稿協中写万捜寄三誠女文惑応担。動", "忍負陣表要"));
  assert.ok(!joinsWithoutSpace("end of a line", "忍負陣表要"));
  assert.ok(!joinsWithoutSpace("陣委百", "Latin"));
});
