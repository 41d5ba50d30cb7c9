/**
 * Drawn break spaces read page by page (`line_end_spaces.ts`): only a page
 * whose operator list extraction had at hand is read, so a row of code on a
 * page not read says nothing by having no `spaceAfter`. A document that
 * draws the spaces its listings break at (some read page shows one) glued
 * such a row's wrapped rest on with no space; it is now joined as a page
 * that tells nothing is, and the page's being read crosses the codec.
 */
import assert from "node:assert/strict";
import { codeBlockText } from "../../../lib/pdf/code.ts";
import type { PageRun } from "../../../lib/pdf/page_run.ts";
import { decodeRun, encodeRun } from "../../../lib/pdf/run_codec.ts";
import { type DocumentStats, documentStats } from "../../../lib/pdf/stats.ts";
import type { Line, PageText } from "../../../lib/pdf/types.ts";

const mono = { name: "DejaVuSansMono", bold: false, italic: false, monospace: true };

/** A row of code at `y` on `page`, 6 pt cells, ending in a drawn space or not. */
function row(text: string, y: number, page: number, spaceAfter = false): Line {
  const width = text.length * 6;
  const span = {
    text,
    x: 72,
    y,
    width,
    size: 10,
    font: mono,
    ...(spaceAfter ? { spaceAfter: true as const } : {}),
  };
  return { spans: [span], x0: 72, x1: 72 + width, y, size: 10, page };
}

/** Page 1 (read) shows a row broken at a drawn space; page 2 (`read` or not) a row wrapped after a comma. */
function pages(read: boolean): PageText[] {
  const first: PageText = {
    page: 1,
    width: 612,
    height: 792,
    lines: [row("const sum = add(first, ", 100, 1, true), row("second);", 112, 1)],
    spacesRead: true,
  };
  const second: PageText = {
    page: 2,
    width: 612,
    height: 792,
    lines: [row("const product = times(first,", 100, 2), row("second);", 112, 2)],
  };
  if (read) second.spacesRead = true;
  return [first, second];
}

/** The listing of page 2, its second row taken for the first's rest (rows 12 pt apart, wrapped under 16). */
function secondListing(read: boolean): string {
  const all = pages(read);
  const gaps = { step: 24, longest: 24, wrap: 12, below: 16 };
  const stats: DocumentStats = { ...documentStats(all), codeRowGaps: () => gaps };
  return codeBlockText(all[1]!.lines, stats);
}

Deno.test("a wrapped row on a page whose drawn spaces were not read is joined as if nothing were known", () => {
  assert.equal(secondListing(false), "const product = times(first, second);");
  // Read, the page says the row broke with no space drawn: straight on.
  assert.equal(secondListing(true), "const product = times(first,second);");
});

Deno.test("whether a page's drawn spaces were read crosses the codec", () => {
  const run: PageRun = { pages: pages(false), pageCharacters: [], warnings: [], ids: 0 };
  const back = decodeRun(new Uint8Array(encodeRun(run)));
  assert.deepStrictEqual(back.pages.map((p) => p.spacesRead), [true, undefined]);
  assert.deepStrictEqual(back, run);
});
