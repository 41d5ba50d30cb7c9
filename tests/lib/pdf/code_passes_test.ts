/**
 * Code blocks against paragraphs of inline code and page turns, in PDFs made
 * by the foreign corpus' producers from `fixtures/structure/code_paragraph.md`
 * and `code_pages.md` (`bench/pdf/make_structure_fixtures.ts`), converted with
 * real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";

/** Converts a structure fixture. */
async function convert(name: string): Promise<string> {
  const bytes = await Deno.readFile(new URL(`./fixtures/structure/${name}.pdf`, import.meta.url));
  return (await convertPdf(bytes)).markdown;
}

/** The fenced code blocks of some Markdown, each as its lines. */
function codeBlocks(markdown: string): string[][] {
  return [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)\n```$/gm)].map((m) => m[1]!.split("\n"));
}

/** The code blocks of a fixture's Markdown source, each as its lines. */
async function sourceBlocks(name: string): Promise<string[][]> {
  return codeBlocks(await Deno.readTextFile(new URL(`./fixtures/structure/${name}.md`, import.meta.url)));
}

Deno.test("a paragraph of inline code off the shading an HTML engine paints behind listings is a paragraph (wkhtmltopdf)", async () => {
  const out = await convert("code_paragraph.wkhtmltopdf");
  assert.deepEqual(codeBlocks(out), await sourceBlocks("code_paragraph"));
  for (const paragraph of ["`watch(paths, [options])`", "`close()`", "`watcher.add(paths)`"]) {
    assert.ok(out.split("\n").includes(paragraph), `${paragraph} missing:\n${out}`);
  }
});

Deno.test("one-line listings beside paragraphs of inline code stay listings (pdflatex)", async () => {
  // pandoc's TeX draws both with the same operators at the same place, so only the listings are held.
  const blocks = codeBlocks(await convert("code_paragraph.pdflatex")).map((b) => b.join("\n"));
  for (const listing of (await sourceBlocks("code_paragraph")).map((b) => b.join("\n"))) {
    assert.ok(blocks.includes(listing), `${listing} missing`);
  }
});

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`a listing runs on across a page turn where the page had no room left, or TeX carried its last two lines over (${producer})`, async () => {
    const blocks = codeBlocks(await convert(`code_pages.${producer}`));
    const source = await sourceBlocks("code_pages");
    // The first listing: seven lines, the last two on the next page in TeX's rendering.
    assert.deepEqual(blocks[0], source[0]);
    // The last: ninety lines over three pages.
    assert.deepEqual(blocks.at(-1), source.at(-1));
  });
}

Deno.test("listings on both sides of a page turn with room left above it stay apart (wkhtmltopdf)", async () => {
  assert.deepEqual(codeBlocks(await convert("code_pages.wkhtmltopdf")), await sourceBlocks("code_pages"));
});
