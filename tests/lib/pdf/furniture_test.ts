/**
 * Page furniture: what repeats at the same spot in the page's margin band is
 * dropped, but a list marker drawn apart from its item's text, which stands
 * at the same spot on every page a list runs onto, stays with its item, and
 * the text's own last rows reaching into the band at a line step (a bare
 * number in a listing, words that recur at that height on another page)
 * stay while the page numbers and feet set apart below them go.
 */
import assert from "node:assert/strict";
import { removeFurniture } from "../../../lib/pdf/furniture.ts";
import type { Line, PageText } from "../../../lib/pdf/types.ts";

const font = { name: "Serif", bold: false, italic: false, monospace: false };

/** A line of one span from `x0` to `x1` on baseline `y` of page `page`. */
function line(text: string, x0: number, x1: number, y: number, page: number): Line {
  return { spans: [{ text, x: x0, y, width: x1 - x0, size: 12, font }], x0, x1, y, size: 12, page };
}

/** Page `n`: a running head, then the lines `top`, then running text from `bodyTop` down. */
function headedPage(n: number, top: Line[], bodyTop: number): PageText {
  const body = [0, 1, 2, 3].map((k) =>
    line("Running text of the page set full width.", 71, 524, bodyTop + k * 16, n)
  );
  return { page: n, width: 595, height: 842, lines: [line("A manual", 71, 120, 40, n), ...top, ...body] };
}

/** Page `n`: a running head, then a list going on at the top of the text, then running text. */
function page(n: number, item: string): PageText {
  return headedPage(n, [line("•", 85, 90, 82, n), line(item, 107, 170, 82, n)], 140);
}

Deno.test("a list marker at the same spot atop every page stays with its item; a running head goes", () => {
  const items = ["Lifecycle", "Reply", "Errors"];
  const { pages } = removeFurniture(items.map((item, k) => page(k + 1, item)));
  pages.forEach((p, k) => {
    const texts = p.lines.map((l) => l.spans[0]!.text);
    assert.deepEqual(texts.slice(0, 2), ["•", items[k]], `page ${k + 1}`);
    assert.equal(texts.includes("A manual"), false);
  });
});

/** Page `n`: running text down into the foot band, its last row `last`, then a foot and a page number set apart. */
function footPage(n: number, last: string): PageText {
  const rows = Array.from(
    { length: 45 },
    (_, k) => line("Running text of the page set full width.", 71, 524, 140 + k * 14, n),
  );
  return {
    page: n,
    width: 595,
    height: 842,
    lines: [
      ...rows,
      line(last, 71, 71 + last.length * 6, 140 + 45 * 14, n),
      line("A manual", 71, 120, 800, n),
      line(`${n}`, 290, 296, 812, n),
    ],
  };
}

Deno.test("the text's last rows in the foot band stay, a bare number or words recurring there; foot and page number go", () => {
  const lasts = ["60", "When a read is abandoned the", "When a read is abandoned the"];
  const { pages } = removeFurniture(lasts.map((last, k) => footPage(k + 1, last)));
  pages.forEach((p, k) => {
    const texts = p.lines.map((l) => l.spans[0]!.text);
    assert.equal(texts.at(-1), lasts[k], `page ${k + 1}: ${texts.slice(-3)}`);
    assert.equal(texts.length, 46, `page ${k + 1}: only the foot and the page number go`);
  });
});

/** Page `n` of three: a running head, then a listing's row `first` atop the text, apart from what follows. */
function listingPage(n: number, first: string): PageText {
  return headedPage(n, [line(first, 71, 83, 70, n)], 110);
}

Deno.test("a listing's bare closing bracket atop two pages stays; the running head goes", () => {
  const { pages } = removeFurniture(["})", "})", "run()"].map((first, k) => listingPage(k + 1, first)));
  pages.forEach((p, k) => {
    const texts = p.lines.map((l) => l.spans[0]!.text);
    assert.equal(texts.includes("A manual"), false, `page ${k + 1}`);
    assert.equal(texts.length, 5, `page ${k + 1}: ${texts.slice(0, 2)}`);
  });
});
