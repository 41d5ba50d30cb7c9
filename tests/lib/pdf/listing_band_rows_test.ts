/**
 * A listing of numbers running down into a page's foot keeps its rows there,
 * read apart column by column as bare numbers (`50`, `0`), while a page
 * number standing there, in the text's face or alone in a monospace one,
 * goes.
 */
import assert from "node:assert/strict";
import { removeFurniture } from "../../../lib/pdf/furniture.ts";
import type { Line, PageText } from "../../../lib/pdf/types.ts";

const serif = { name: "Serif", bold: false, italic: false, monospace: false };
const mono = { ...serif, name: "Mono", monospace: true };

/** A line of one span at `x0` on baseline `y`, in `font`. */
function line(text: string, x0: number, y: number, font = mono): Line {
  const width = text.length * 5;
  return { spans: [{ text, x: x0, y, width, size: 8.5, font }], x0, x1: x0 + width, y, size: 8.5, page: 1 };
}

/** A page whose listing of percentiles runs down into the foot, each row a blank line below the last. */
function percentilesPage(foot: Line[]): PageText {
  const rows = [["10", "0"], ["25", "0"], ["50", "0"]].flatMap(([p, ms], k) => [
    line(p!, 114, 728.5 + k * 23.8),
    line(ms!, 175, 728.5 + k * 23.8),
  ]);
  const prose = line("The third table lists the latency percentiles recorded:", 108, 700, serif);
  return { page: 1, width: 595, height: 842, lines: [prose, ...rows, ...foot] };
}

Deno.test("a listing's rows of bare numbers at the foot of a page stay; the page number under them goes", () => {
  const { pages } = removeFurniture([percentilesPage([line("7", 290, 815, serif)])]);
  const texts = pages[0]!.lines.map((l) => l.spans[0]!.text);
  assert.deepEqual(texts.slice(-2), ["50", "0"], texts.join(" | "));
  assert.equal(pages[0]!.lines.some((l) => l.y === 815), false, "the page number goes");
});

Deno.test("a monospace page number in line with no listing row goes", () => {
  const { pages } = removeFurniture([percentilesPage([line("7", 290, 815)])]);
  assert.equal(pages[0]!.lines.some((l) => l.y === 815), false);
});
