/**
 * Listings back to back, parted at a line that only opens one
 * (`listing_openers.ts`), by whether the document is known to space its
 * paragraphs.
 */
import assert from "node:assert/strict";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { splitAtListingOpeners } from "../../../lib/pdf/listing_openers.ts";
import type { DocumentStats } from "../../../lib/pdf/stats.ts";
import type { Line } from "../../../lib/pdf/types.ts";

/** A row of code at `y`, 6 pt a character, at the listing's edge. */
function row(text: string, y: number): Line {
  const font = { name: "Courier", bold: false, italic: false, monospace: true };
  const width = text.length * 6;
  return { spans: [{ text, x: 72, y, width, size: 10, font }], x0: 72, x1: 72 + width, y, size: 10, page: 1 };
}

/** Typography with a code step of 12 pt, paragraphs spaced or not, or unknown. */
function stats(paragraphsSpaced?: boolean): DocumentStats {
  return {
    bodySize: 10,
    bodyFamily: "serif",
    lineGap: () => 12,
    codeLineGap: () => 12,
    ...(paragraphsSpaced === undefined ? {} : { paragraphsSpaced }),
  };
}

/** The rows of each code draft after the split. */
function listings(drafts: Draft[]): string[][] {
  return drafts.map((d) => d.lines.map((l) => l.spans[0]!.text));
}

Deno.test("a prompt straight under code no prompt opened opens a listing where paragraph spacing is unknown", () => {
  const lines = ["if (argv.ships > 3) {", "  plunder();", "}", "$ ./plunder.js --ships=4", "Plundered!"];
  const draft: Draft = { kind: "code", page: 1, lines: lines.map((t, k) => row(t, 100 + 12 * k)) };
  const expected = [lines.slice(0, 3), lines.slice(3)];
  assert.deepEqual(listings(splitAtListingOpeners([draft], stats(undefined))), expected);
  assert.deepEqual(listings(splitAtListingOpeners([draft], stats(false))), expected);
  // Where paragraphs stand apart, so do listings: one with no space above is one listing.
  assert.deepEqual(listings(splitAtListingOpeners([draft], stats(true))), [lines]);
});

Deno.test("a comment naming a file opens a listing, a comment showing a number does not", () => {
  const file = ["YAML.parse(text)", "// config.yml", "port: 80"];
  const fileDraft: Draft = { kind: "code", page: 1, lines: file.map((t, k) => row(t, 100 + 12 * k)) };
  assert.deepEqual(listings(splitAtListingOpeners([fileDraft], stats(false))), [
    file.slice(0, 1),
    file.slice(1),
  ]);
  // A value printed under the call that returns it: `3.14159` has no extension a file has.
  const value = ["import YAML from 'yaml'", "YAML.parse('3.14159')", "// 3.14159"];
  const valueDraft: Draft = { kind: "code", page: 1, lines: value.map((t, k) => row(t, 100 + 12 * k)) };
  assert.deepEqual(listings(splitAtListingOpeners([valueDraft], stats(false))), [value]);
});
