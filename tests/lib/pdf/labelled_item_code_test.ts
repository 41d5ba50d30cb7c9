/**
 * Inline code wrapped onto the next line of a list item whose label is a
 * span of its own at the marker's place (a bibliography's `[10]`): the
 * item's text starts after the label, where its later lines stand, so a
 * URL set in typewriter that wrapped there whole is the item's, not a
 * listing's first row.
 */
import assert from "node:assert/strict";
import { wrapsInlineCode } from "../../../lib/pdf/code_lines.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import type { DocumentStats } from "../../../lib/pdf/stats.ts";
import type { Line, Span } from "../../../lib/pdf/types.ts";

const roman = { name: "LMRoman10", bold: false, italic: false, monospace: false };
const mono = { name: "LMMono10", bold: false, italic: false, monospace: true };

function span(text: string, x: number, y: number, font = roman): Span {
  return { text, x, y, width: text.length * 4.5, size: 10, font };
}

function line(spans: Span[]): Line {
  const last = spans.at(-1)!;
  return { spans, x0: spans[0]!.x, x1: last.x + last.width, y: spans[0]!.y, size: 10, page: 40 };
}

/** `[10] Morten Høgholm, Lars Madsen, The mathtools package, 2018;` with its label at 160.7, its text at 182.4. */
const item: Draft = {
  kind: "list_item",
  page: 40,
  markerX: 160.7,
  marker: "-",
  ordered: false,
  depth: 0,
  lines: [line([
    span("[10]", 160.7, 542.3),
    span("Morten Høgholm, Lars Madsen,", 182.4, 542.3),
    span("The", 319.3, 542.3),
    span("mathtools", 337.2, 542.3, mono),
    span("package", 386.5, 542.3),
    span(", 2018;", 419.9, 542.3),
  ])],
};

/** The segmentation's own test, here answering that the line stands where the item goes on. */
const goesOn = () => true;
const stats = {} as DocumentStats;

Deno.test("a URL wrapped whole to a labelled item's text edge is the item's inline code", () => {
  const url = line([span("http://mirror.ctan.org/tex-archive/macros/latex/contrib/", 182.4, 554.3, mono)]);
  assert.ok(wrapsInlineCode(item, url, stats, goesOn));
});

Deno.test("code at neither the label's text nor the label stands apart from the item", () => {
  const setIn = line([span("http://mirror.ctan.org/tex-archive/macros/latex/contrib/", 200, 554.3, mono)]);
  assert.ok(!wrapsInlineCode(item, setIn, stats, goesOn));
});
