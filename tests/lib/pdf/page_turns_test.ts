import assert from "node:assert/strict";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { runsOnAcrossTurn } from "../../../lib/pdf/page_turns.ts";
import type { Line, Span } from "../../../lib/pdf/types.ts";

const body = { name: "Body", bold: false, italic: false, monospace: false };
const mono = { ...body, name: "Mono", monospace: true };

/** A span 5 points a character. */
function span(text: string, x: number, y: number, font = body): Span {
  return { text, x, y, width: text.length * 5, size: 10, font };
}

/** A line of the spans given, on one page. */
function lineOf(page: number, ...spans: Span[]): Line {
  const last = spans.at(-1)!;
  return { spans, x0: spans[0]!.x, x1: last.x + last.width, y: spans[0]!.y, size: 10, page };
}

/** A paragraph ending a page: a full line, then `end`. */
function endingPage(end: Line): Draft {
  const full = lineOf(
    1,
    span("The parser object exposes factories that make middlewares; each of them fills", 90, 688),
  );
  return { kind: "text", page: 1, lines: [full, end] };
}

Deno.test("a word broken at its hyphen at a page's foot goes on over the turn, though its rest opens with a capital", () => {
  // `Content-Type` in code, broken at its hyphen by a justifying typesetter: `Content-` ends page 1.
  const end = lineOf(1, span("the body property when the ", 90, 700), span("Content-", 225, 700, mono));
  const next: Draft = {
    kind: "text",
    page: 2,
    lines: [lineOf(2, span("Type", 90, 90, mono), span(" request header matches the option.", 110, 90))],
  };
  assert.ok(runsOnAcrossTurn(endingPage(end), next, () => 486));
  // A line ending in a word whole, before a capital, ends its paragraph.
  const whole = lineOf(1, span("the body property when the ", 90, 700), span("Content", 225, 700, mono));
  assert.ok(!runsOnAcrossTurn(endingPage(whole), next, () => 486));
});

Deno.test("a paragraph run on over more lines than a call takes arguments is measured, not thrown on", () => {
  // 200,000 full lines (a paragraph run on over thousands of pages), the last ending a page without a stop.
  const full = lineOf(
    1,
    span("published by the Society and the editors of its journals for all of them in", 90, 700),
  );
  const prev: Draft = { kind: "text", page: 1, lines: Array.from({ length: 200_000 }, () => full) };
  const next: Draft = {
    kind: "text",
    page: 2,
    lines: [lineOf(2, span("Journals. For the rest of the text, see below.", 90, 90))],
  };
  assert.ok(runsOnAcrossTurn(prev, next, () => 470));
});
