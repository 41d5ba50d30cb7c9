/**
 * A PDF without tags prints a footnote's mark as a raised number glued to its
 * word and the note at the page's foot opening with the same number raised:
 * the pair is written as Markdown's footnote, a raised number alone is not.
 */
import assert from "node:assert/strict";
import { markdown, pageOf } from "../../_support/laid_out_page.ts";
import type { Line, Span } from "../../../lib/pdf/types.ts";

const font = { name: "Serif", bold: false, italic: false, monospace: false };

/** A span of `text` at `x` on baseline `y`, 5 points a character at size 10 (scaled to `size`). */
function span(text: string, x: number, y: number, size = 10): Span {
  return { text, x, y, width: text.length * size * 0.5, size, font };
}

/** A line of the spans given, its size and baseline those of its first span. */
function lineOf(spans: Span[], size = spans[0]!.size, y = spans[0]!.y): Line {
  const last = spans.at(-1)!;
  return { spans, x0: spans[0]!.x, x1: last.x + last.width, y, size, page: 1 };
}

/** Body text whose word carries a raised `mark`, and at the foot a smaller line opening with `label` raised. */
function notedPage(mark: string, label: string | undefined) {
  const words = span("Die Bienen sind fleissig geworden.", 72, 100);
  const raised = span(mark, words.x + words.width, 96, 7);
  const lines = [lineOf([words, raised], 10, 100), lineOf([span("Sie fliegen weiter.", 72, 112)])];
  if (label) {
    const lead = span(label, 72, 757, 6);
    lines.push(lineOf([lead, span("Die Gruppe zählt drei Völker.", 76, 760, 8)], 8, 760));
  }
  return pageOf(lines);
}

Deno.test("an untagged page's raised number and the note at its foot are written as a footnote", () => {
  const text = markdown(notedPage("1", "1"));
  assert.ok(text.includes("geworden.[^1]"), text);
  assert.ok(text.includes("[^1]: Die Gruppe zählt drei Völker."), text);
});

Deno.test("a raised number with no note of its number at the foot is left as printed", () => {
  for (const page of [notedPage("2", undefined), notedPage("2", "1")]) {
    const text = markdown(page);
    assert.ok(!text.includes("[^"), text);
  }
});
