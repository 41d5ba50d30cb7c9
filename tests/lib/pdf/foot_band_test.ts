/**
 * A paper's first page whose notes at the foot (affiliations, the date
 * received) outnumber its body text by characters: the body's size is still
 * the body's, measured without the notes (`lib/pdf/foot_band.ts`), and the
 * body's paragraphs are no headings.
 */
import assert from "node:assert/strict";
import { footBandLast, footBandTop } from "../../../lib/pdf/foot_band.ts";
import { renderMarkdown } from "../../../lib/pdf/markdown.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import { buildBlocks } from "../../../lib/pdf/structure.ts";
import type { Line, PageText } from "../../../lib/pdf/types.ts";
import { LEFT, line, RIGHT } from "../../_support/laid_out_page.ts";

/** A line of `text` at `size`, from `x0` to `x1` on baseline `y`. */
function sized(text: string, x0: number, x1: number, y: number, size: number): Line {
  const plain = line(text, x0, x1, y);
  return { ...plain, size, spans: plain.spans.map((s) => ({ ...s, size })) };
}

const NOTES = [
  "A. Author is with the Department of Electrical and Computer Engineering, Some Institute of Technology.",
  "B. Author and C. Author are with Another University, in a city of its own, in a country far away.",
  "Manuscript received April 19, 2005; revised August 26, 2015; accepted in the end, after a long while.",
];

/** A page: two short paragraphs at 10 pt, a wide gap, then three notes at 8 pt, more characters than the body. */
function notedPage(notesAt = 700): PageText {
  const lines = [
    sized("The body opens with a short paragraph.", LEFT, LEFT + 190, 100, 10),
    sized("A second paragraph follows it here.", LEFT, LEFT + 180, 114, 10),
    ...NOTES.map((text, i) => sized(text, LEFT, RIGHT, notesAt + i * 9, 8)),
  ];
  return { page: 1, width: 595, height: 842, lines };
}

Deno.test("notes pushed to the page's foot are left out of the body size's measure", () => {
  const page = notedPage();
  assert.equal(footBandTop(page), 700);
  assert.equal(documentStats([page]).bodySize, 10);
});

Deno.test("the body's paragraphs above notes that outnumber them are text, not headings", () => {
  const page = notedPage();
  const markdown = renderMarkdown(
    buildBlocks([page], { stats: documentStats([page]), outline: [], pageBreaks: false }),
  );
  assert.ok(!/^#/m.test(markdown), markdown);
  assert.match(markdown, /^The body opens with a short paragraph\.$/m);
});

Deno.test("small text right under the body, no gap above it, is no foot band", () => {
  // The same lines set close under the body: a page of small print, whose size is its body's.
  assert.equal(footBandTop(notedPage(130)), Infinity);
  assert.equal(documentStats([notedPage(130)]).bodySize, 8);
});

Deno.test("a closing paragraph at the page's usual size after a figure's gap is no foot band", () => {
  const page = notedPage();
  const lines = page.lines.map((l) =>
    l.y >= 700 ? sized(l.spans.map((s) => s.text).join(""), l.x0, l.x1, l.y, 10) : l
  );
  assert.equal(footBandTop({ ...page, lines }), Infinity);
});

Deno.test("on a page of two columns the notes at the left column's foot are read after the right column", () => {
  const page = notedPage();
  const right = sized("The right column's only line, a name.", 320, 500, 120, 10);
  const ordered = footBandLast([...page.lines.slice(0, 2), ...page.lines.slice(2), right], page.height);
  assert.deepEqual(ordered.map((l) => l.y), [100, 114, 120, 700, 709, 718]);
});

Deno.test("a page of many lines low on it is read for its foot band in one pass over its baselines", () => {
  // 2,000 lines a point apart in the page's lower part, no gap among them: each baseline's size is looked
  // up; reading every line again for each (as a search per baseline did) reads baselines millions of times.
  let reads = 0;
  const lines = Array.from({ length: 2000 }, (_, i) => {
    const plain = sized("A line of small print.", LEFT, LEFT + 100, 600 + i * 0.1, 8);
    return Object.defineProperty({ ...plain }, "y", {
      get: () => (reads++, plain.y),
      enumerable: true,
    });
  });
  assert.equal(footBandTop({ lines, height: 842 }), Infinity);
  assert.ok(reads < lines.length * 10, `${reads} reads of ${lines.length} baselines`);
});
