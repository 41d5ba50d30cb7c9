import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { fontAdvances, setTextWidth } from "../../../lib/pdf/font_advances.ts";
import type { Span } from "../../../lib/pdf/types.ts";

Deno.test("a paragraph ends where the next word fits by the font's own widths (AbiWord, no paragraph space)", async () => {
  // `make_layout_fixtures.ts`, from `next_word_fit.md`.
  const url = new URL("./fixtures/layout/next_word_fit.abiword.pdf", import.meta.url);
  const { markdown } = await convertPdf(await Deno.readFile(url));
  for (const end of ["Then it stops.", "Nothing else."]) {
    assert.ok(markdown.includes(`${end}\n\nThis line opens a paragraph`), markdown);
  }
  // The wrapped lines still go on with their paragraphs.
  assert.ok(
    markdown.includes(
      "Each step of the dimmer lowers the level by one, down to the dark lamp at zero. A test",
    ),
  );
});

/** Times' advances for the letters used below, in thousandths of an em, by character code. */
const TIMES: Record<string, number> = { 32: 250, 84: 611, 104: 500, 105: 278, 115: 389 };

/** Times' advances in ems. */
const TIMES_ADVANCES = fontAdvances({ composite: false, widths: TIMES });

/** A span of `text` at 12 pt in a font with `advances`, drawn `width` points wide. */
function span(text: string, width: number, advances = TIMES_ADVANCES ?? null): Span {
  const font = {
    name: "Times",
    bold: false,
    italic: false,
    monospace: false,
    ...(advances ? { advances } : {}),
  };
  return { text, x: 0, y: 0, width, size: 12, font };
}

Deno.test("a word's width is read from a simple font's advances where they account for the span's width", () => {
  // `This is` by Times' advances: (611 + 500 + 278 + 389 + 250 + 278 + 389) / 1000 ems at 12 pt = 32.34 pt.
  const width = setTextWidth(span("This is", 32.34), "This");
  assert.ok(width !== undefined && Math.abs(width - 21.336) < 0.01, String(width));
  // A span drawn far wider than its font's advances say (a font re-encoded without saying so): no reading.
  assert.equal(setTextWidth(span("This is", 40), "This"), undefined);
  // A character the font gives no advance for, or a font with none: no reading.
  assert.equal(setTextWidth(span("This is", 32.34), "Thus"), undefined);
  assert.equal(setTextWidth(span("This is", 32.34, null), "This"), undefined);
});

Deno.test("only a simple font's printable codes its encoding does not redefine give advances", () => {
  assert.equal(fontAdvances({ composite: true, widths: TIMES }), undefined);
  assert.equal(fontAdvances({ composite: false, type: "Type3", widths: TIMES }), undefined);
  const differences: string[] = [];
  differences[105] = "dotlessi";
  const advances = fontAdvances({ composite: false, widths: TIMES, differences });
  assert.deepEqual(advances, { " ": 0.25, T: 0.611, h: 0.5, s: 0.389 });
});
