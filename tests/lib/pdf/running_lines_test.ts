import assert from "node:assert/strict";
import { runningLines } from "../../../lib/pdf/running_lines.ts";
import type { Line, PageText } from "../../../lib/pdf/types.ts";

const font = { name: "Serif", bold: false, italic: false, monospace: false };

/** A line of one span from `x0` to `x1` on baseline `y`. */
function line(text: string, x0: number, x1: number, y: number): Line {
  return { spans: [{ text, x: x0, y, width: x1 - x0, size: 11, font }], x0, x1, y, size: 11, page: 1 };
}

/** A one-page document: a head row, a text block, a foot row. */
function page(head: Line[], foot: Line[]): PageText {
  const body = [0, 1, 2, 3, 4].map((k) =>
    line("Running text of the page set full width.", 71, 524, 120 + k * 16)
  );
  return { page: 1, width: 595, height: 842, lines: [...head, ...body, ...foot] };
}

Deno.test("a one-page document's head and foot split between the text's edges are running lines", () => {
  const head = [line("Example PDF", 71, 130, 83), line("2017-02-20", 474, 524, 83)];
  const foot = [line("Author", 71, 102, 771), line("1", 519, 524, 771)];
  const found = runningLines([page(head, foot)]);
  assert.deepEqual([...head, ...foot].map((l) => found.has(l)), [true, true, true, true]);
});

Deno.test("a row short of the text's edges, or close to the text block, is no running line", () => {
  const short = [line("Example PDF", 71, 130, 83), line("2017-02-20", 400, 450, 83)];
  const near = [line("Total", 71, 102, 210), line("12", 519, 524, 210)];
  const found = runningLines([page(short, near)]);
  assert.equal([...short, ...near].some((l) => found.has(l)), false);
});

Deno.test("a page number with a caption close above it is still one where the other pages' numbers stand", () => {
  /** Page `n`: a text block, then the page's number centred at the foot, with `above` set just over it. */
  const numbered = (n: number, above: Line[] = []): PageText => {
    const body = [0, 1, 2, 3].map((k) =>
      line("Running text of the page set full width.", 71, 524, 120 + k * 16)
    );
    const number = { ...line(String(n), 295, 300, 771), page: n };
    return { page: n, width: 595, height: 842, lines: [...body, ...above, number] };
  };
  const caption = line("Figure 1: The Trace Collier!", 240, 360, 759);
  // A number of the same step but away from the others' place, close under text, is the text's own.
  const elsewhere = line("Figure 2: Totals by year", 71, 200, 759);
  const pages = [numbered(1), numbered(2), numbered(3, [caption]), numbered(4)];
  const stray = { ...line("5", 71, 76, 771), page: 5 };
  pages.push({ page: 5, width: 595, height: 842, lines: [...pages[0]!.lines.slice(0, 4), elsewhere, stray] });
  const found = runningLines(pages);
  assert.ok(found.has(pages[2]!.lines.at(-1)!), "the number under the caption");
  assert.ok(!found.has(caption));
  assert.ok(!found.has(stray), "a number at another place");
  assert.equal(pages.slice(0, 4).filter((p) => found.has(p.lines.at(-1)!)).length, 4);
});
