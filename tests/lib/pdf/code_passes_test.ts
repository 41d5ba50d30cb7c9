/**
 * Code blocks against paragraphs of inline code and page turns, in PDFs made
 * by the foreign corpus' producers from `fixtures/structure/code_paragraph.md`
 * and `code_pages.md` (`bench/pdf/make_structure_fixtures.ts`), converted with
 * real pdf.js.
 */
import assert from "node:assert/strict";
import { codeRunsOn } from "../../../lib/pdf/code_passes.ts";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import type { DocumentStats } from "../../../lib/pdf/stats.ts";
import type { Line } from "../../../lib/pdf/types.ts";

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

Deno.test("a listing leaving room for one line runs on when two or more lines open the next page, not one", () => {
  const step = 13.55;
  const stats: DocumentStats = {
    bodySize: 10.9,
    bodyFamily: "LMRoman",
    lineGap: () => 13.5,
    codeLineGap: () => step,
  };
  const code = (page: number, ...ys: number[]): Draft => ({
    kind: "code",
    page,
    lines: ys.map((y): Line => ({ spans: [], x0: 62, x1: 300, y, size: 10.9, page })),
  });
  // The page's lowest line stands at 773.5; the listing ends a step above it (a blank line of it may fill that).
  const ending = code(1, 746.3, 759.9);
  assert.equal(codeRunsOn(ending, code(2, 73.3, 86.9, 100.4), 773.5, stats), true);
  assert.equal(codeRunsOn(ending, code(2, 73.3), 773.5, stats), false);
  // Two steps of room: the listing ended there.
  assert.equal(codeRunsOn(code(1, 732.8, 746.3), code(2, 73.3, 86.9), 773.5, stats), false);
});

Deno.test("a listing runs on where the next page opens with a source line whose wrapped rows would not have fitted", () => {
  // WeasyPrint in a narrow column: source lines 11.9 apart, wrapped rows 10.63 under them; a source line
  // is one box, so a line of four rows goes over whole to the next page where three steps were left.
  const gaps = { step: 11.9, longest: 11.9, wrap: 10.63, below: 11.26 };
  const stats: DocumentStats = {
    bodySize: 9.5,
    bodyFamily: "DejaVuSerif",
    lineGap: () => 13.3,
    codeLineGap: () => 11.9,
    codeRowGaps: () => gaps,
  };
  const code = (page: number, ...ys: number[]): Draft => ({
    kind: "code",
    page,
    lines: ys.map((y): Line => ({ spans: [], x0: 305, x1: 440, y, size: 8.5, page })),
  });
  const ending = code(2, 716.7, 728.6);
  assert.equal(codeRunsOn(ending, code(3, 102.4, 113.1, 123.7, 134.3), 771.7, stats), true);
  // A source line of one row would have fitted: the listing ended there.
  assert.equal(codeRunsOn(ending, code(3, 102.4, 114.3, 126.2), 771.7, stats), false);
});

Deno.test("a listing at the foot of the left column runs on atop the right one; one with room left below it does not", () => {
  const stats: DocumentStats = {
    bodySize: 9.5,
    bodyFamily: "DejaVuSerif",
    lineGap: () => 13.3,
    codeLineGap: () => 11.9,
  };
  const code = (x0: number, x1: number, ...ys: number[]): Draft => ({
    kind: "code",
    page: 1,
    lines: ys.map((y): Line => ({ spans: [], x0, x1, y, size: 8.5, page: 1 })),
  });
  // The left column's listing, one row running past where the right column starts (a token no engine breaks).
  const ending = code(126.6, 399.4, 736.6, 748.5, 760.4);
  const opening = code(315.9, 480, 102.4, 114.3, 126.2);
  assert.equal(codeRunsOn(ending, opening, 775.7, stats), true);
  assert.equal(codeRunsOn(code(126.6, 290, 700.9, 712.8), opening, 775.7, stats), false);
  // Below it in the same column, another listing.
  assert.equal(codeRunsOn(ending, code(126.6, 290, 772.3), 775.7, stats), false);
});
