/**
 * An untagged description list (LaTeX's `description` as TeX Live 2022's
 * tagging code leaves it, paragraphs only): paragraphs opening with a bold
 * term, wrapped lines hung in by the list's indent, are its items; run-in
 * headings, whose lines stand flush, stay paragraphs.
 */
import assert from "node:assert/strict";
import { markDescriptionItems, rowEdges } from "../../../lib/pdf/description_items.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import type { FontStyle, Line, Span } from "../../../lib/pdf/types.ts";

const roman: FontStyle = { name: "LMRoman10-Regular", bold: false, italic: false, monospace: false };
const bold: FontStyle = { ...roman, name: "LMRoman10-Bold", bold: true };
const mono: FontStyle = { name: "LMMono10-Bold", bold: true, italic: false, monospace: true };

/** A span of `text` in `font` from `x` on baseline `y`, at ten points. */
function span(text: string, font: FontStyle, x: number, y: number): Span {
  return { text, x, y, width: text.length * 5, size: 10, font };
}

/** A line of its spans. */
function line(spans: Span[]): Line {
  const last = spans.at(-1)!;
  return { spans, x0: spans[0]!.x, x1: last.x + last.width, y: spans[0]!.y, size: 10, page: 6 };
}

/** A paragraph opening with `term` in `font` at 133.8, its further rows from `hangX`. */
function entry(term: string, rows: number, y: number, hangX: number, font = bold): Draft {
  const lines = [
    line([span(term, font, 133.8, y), span("Fusce eu leo nisi. Cras eget orci neque,", roman, 206, y)]),
  ];
  for (let k = 1; k < rows; k++) {
    lines.push(line([span("velit et laoreet porttitor, quam arcu", roman, hangX, y + 12 * k)]));
  }
  return { kind: "text", page: 6, lines };
}

Deno.test("paragraphs opening with a bold term, wrapped rows hung in by the list's indent, are a list's items", () => {
  const drafts = [entry("Description 1", 1, 242.4, 158.7), entry("Description 2", 3, 260.3, 158.7)];
  drafts.push(entry("Description 3", 1, 302.1, 158.7), {
    kind: "text",
    page: 6,
    lines: [line([span("After.", roman, 133.8, 320)])],
  });
  markDescriptionItems(drafts);
  assert.deepEqual(drafts.map((d) => d.kind), ["list_item", "list_item", "list_item", "text"]);
  assert.deepEqual(
    drafts.slice(0, 3).map((d) => [d.marker, d.depth, d.ordered]),
    Array(3).fill(["-", 0, false]),
  );
});

Deno.test("run-in headings, their rows flush with the first, and one-row paragraphs alone stay paragraphs", () => {
  const flush = [entry("Setup.", 3, 100, 133.8), entry("Results.", 2, 150, 133.8)];
  const short = [entry("Setup.", 1, 100, 158.7), entry("Results.", 1, 120, 158.7)];
  for (const drafts of [flush, short]) {
    markDescriptionItems(drafts);
    assert.deepEqual(drafts.map((d) => d.kind), ["text", "text"]);
  }
});

Deno.test("terms in a code face (a function's parameters) stay paragraphs", () => {
  const drafts = [entry("data-raw", 2, 303.5, 155), entry("colDefs", 3, 338.3, 155)].map((d) => {
    d.lines[0]!.spans[0]!.font = mono;
    return d;
  });
  markDescriptionItems(drafts);
  assert.deepEqual(drafts.map((d) => d.kind), ["text", "text"]);
});

/** A line at `x0` on baseline `y` of `page`, its baseline read through `reads` (a count of reads). */
function counted(x0: number, y: number, page: number, reads: { y: number }): Line {
  const at = line([span("word", roman, x0, y)]);
  return Object.defineProperty({ ...at, page }, "y", { get: () => (reads.y++, y) });
}

Deno.test("rows' edges: each line joins the first row of its page within a point of its baseline", () => {
  let seed = 5;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let trial = 0; trial < 300; trial++) {
    const reads = { y: 0 };
    const lines = Array.from({ length: Math.floor(random() * 30) }, () => {
      // Baselines a few points apart, to a tenth or a quarter, some a point apart exactly.
      const y = Math.round(random() * 8 * (random() < 0.5 ? 10 : 4)) / (random() < 0.5 ? 10 : 4) - 3;
      return counted(100 + Math.floor(random() * 50), y, Math.floor(random() * 2), reads);
    });
    // The search it replaces: every row opened so far, first to last.
    const expected: Array<{ x: number; y: number; page: number }> = [];
    for (const l of lines) {
      const row = expected.find((r) => r.page === l.page && Math.abs(r.y - l.y) <= 1);
      if (row) row.x = Math.min(row.x, l.x0);
      else expected.push({ x: l.x0, y: l.y, page: l.page });
    }
    assert.deepEqual(rowEdges(lines), expected);
  }
});

Deno.test("rows' edges read each line's baseline once, not once per row opened before it", () => {
  const reads = { y: 0 };
  const lines = Array.from({ length: 2000 }, (_, k) => counted(100, 100 + k * 1.5, 6, reads));
  assert.equal(rowEdges(lines).length, 2000);
  // A search of every row opened before read the baseline 2,000 × 1,999 / 2 times.
  assert.equal(reads.y, 2000);
});
