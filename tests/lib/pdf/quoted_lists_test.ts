import assert from "node:assert/strict";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { markQuotedLists } from "../../../lib/pdf/quoted_lists.ts";
import { LEFT, line } from "../../_support/laid_out_page.ts";

/** How far the document's lists set their items' text in from the margin, and their markers. */
const LIST_TEXT = 23, MARKER = 10;

/** A paragraph at `x`, a quote's where `quote`. */
function paragraph(text: string, x: number, y: number, quote: boolean): Draft {
  return { kind: "text", page: 1, lines: [line(text, x, x + 300, y)], quote };
}

/** A list item whose text stands at `x`, its marker {@linkcode MARKER} points left of it. */
function item(text: string, x: number, y: number): Draft {
  return { kind: "list_item", page: 1, lines: [line(text, x, x + 200, y)], markerX: x - MARKER, depth: 0 };
}

/** A list at the document's indent from the margin, after prose: it gives the list indent. */
function plainList(): Draft[] {
  return [
    paragraph("The keeper's duties were three:", LEFT, 100, false),
    item("to keep the light", LEFT + LIST_TEXT, 112),
    item("to keep the log", LEFT + LIST_TEXT, 124),
  ];
}

/** A quote set in by `inset`, then a list whose text stands `listInset` in from the margin, then prose. */
function quoteThenList(inset: number, listInset: number): Draft[] {
  return [
    ...plainList(),
    paragraph("The keeper shall see to these before each watch:", LEFT + inset, 148, true),
    item("the wick trimmed", LEFT + listInset, 166),
    item("the oil drawn", LEFT + listInset, 178),
    paragraph("The relief keeper heard the same orders.", LEFT, 196, false),
  ];
}

/** Whether each list item after the quote was made the quote's. */
function quoted(drafts: Draft[]): boolean[] {
  markQuotedLists(drafts, () => LEFT);
  return drafts.slice(4, 6).map((d) => !!d.quote);
}

Deno.test("a list ending a quote, indented from the quote's edge as lists are from the margin, is the quote's", () => {
  assert.deepEqual(quoted(quoteThenList(20, 20 + LIST_TEXT)), [true, true]);
});

Deno.test("a list after a quote set in less than a list's markers is indented from the margin: not the quote's", () => {
  // A quote set in by an em, its markers right of its edge, its text at the lists' own indent from the margin.
  assert.deepEqual(quoted(quoteThenList(10, LIST_TEXT)), [false, false]);
});

Deno.test("a list after a quote set flush left is left alone, whatever its indent", () => {
  assert.deepEqual(quoted(quoteThenList(0, LIST_TEXT)), [false, false]);
});

Deno.test("a list ending a quote is not looked for where no other list shows the document's indent", () => {
  const drafts = quoteThenList(20, 20 + LIST_TEXT).slice(3);
  markQuotedLists(drafts, () => LEFT);
  assert.deepEqual(drafts.slice(1, 3).map((d) => !!d.quote), [false, false]);
});

Deno.test("a list's text edges a point apart show one indent, outvoting a single item set in less", () => {
  // A lone item set in by 10 (a contents entry), then a numbered list whose text edges move with its numbers.
  const drafts: Draft[] = [
    item("Introduction", LEFT + 10, 60),
    paragraph("The keeper's duties were three:", LEFT, 100, false),
    item("to keep the light", LEFT + LIST_TEXT - 1, 112),
    item("to keep the log", LEFT + LIST_TEXT, 124),
    item("to keep the lens", LEFT + LIST_TEXT + 1, 136),
    // A quote set in by 13, a list after it whose text stands the list indent from the margin, not the quote.
    paragraph("The keeper shall see to these before each watch:", LEFT + 13, 148, true),
    item("the wick trimmed", LEFT + LIST_TEXT + 1, 166),
    item("the oil drawn", LEFT + LIST_TEXT + 1, 178),
  ];
  markQuotedLists(drafts, () => LEFT);
  assert.deepEqual(drafts.slice(6).map((d) => !!d.quote), [false, false]);
});
