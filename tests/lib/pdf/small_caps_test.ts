/**
 * Headings in small capitals set by size (capitals at the body's size, the
 * rest of the letters as capitals two points smaller, as IEEEtran sets its
 * sections in a font without small capitals): headings at their capitals'
 * size, not paragraphs or list items (`lib/pdf/small_caps.ts`).
 */
import assert from "node:assert/strict";
import { smallCapsSize } from "../../../lib/pdf/small_caps.ts";
import type { Line, Span } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, markdown, pageOf, RIGHT } from "../../_support/laid_out_page.ts";

const FONT = { name: "Times-Roman", bold: false, italic: false, monospace: false };

/** A line of pieces `[text, size, space after]` from `x0` on baseline `y`, 5 points a character at 10 pt. */
function pieces(parts: Array<[string, number, number?]>, x0: number, y: number): Line {
  let x = x0;
  const spans: Span[] = parts.map(([text, size, space = 0]) => {
    const span = { text, x, y, width: text.length * size / 2, size, font: FONT };
    x += span.width + space;
    return span;
  });
  const counts = new Map<number, number>();
  for (const s of spans) counts.set(s.size, (counts.get(s.size) ?? 0) + s.text.length);
  const size = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  return { spans, x0, x1: x, y, size, page: 1 };
}

const INTRODUCTION = pieces([["I.", 10, 2.5], ["I", 10], ["NTRODUCTION", 8]], 250, 100);
const APPENDIX = pieces([["A", 10], ["PPENDIX", 8, 2.5], ["B", 10]], 260, 100);

Deno.test("a line of capitals at two sizes in small capitals' ratio is set at its capitals' size", () => {
  assert.equal(smallCapsSize(INTRODUCTION), 10);
  assert.equal(smallCapsSize(APPENDIX), 10);
  // Lower-case letters, or a subscript's ratio, are no small capitals.
  assert.equal(smallCapsSize(pieces([["I", 10], ["ntroduction", 8]], 250, 100)), undefined);
  assert.equal(smallCapsSize(pieces([["X", 10], ["A", 5]], 250, 100)), undefined);
});

/** A page: a paragraph, the heading `head` with a heading's space above it, a paragraph. */
function pageWith(head: Line): string {
  const at = (l: Line, y: number): Line => ({ ...l, y, spans: l.spans.map((s) => ({ ...s, y })) });
  return markdown(pageOf([
    line("The text before the section runs from one edge of the column to the other", LEFT, RIGHT, 100),
    line("and ends on a short line.", LEFT, LEFT + 120, 100 + LEADING),
    at(head, 100 + LEADING * 3.5),
    line(
      "The section's text runs from one edge of the column to the other edge of",
      LEFT,
      RIGHT,
      100 + LEADING * 5,
    ),
    line("it and ends here.", LEFT, LEFT + 80, 100 + LEADING * 6),
  ]));
}

Deno.test("a numbered section in small capitals is a heading, not a list item", () => {
  const md = pageWith(INTRODUCTION);
  assert.match(md, /^#{1,6} I\. INTRODUCTION$/m, md);
});

Deno.test("an unnumbered section in small capitals is a heading, not a paragraph", () => {
  const md = pageWith(APPENDIX);
  assert.match(md, /^#{1,6} APPENDIX B$/m, md);
});
