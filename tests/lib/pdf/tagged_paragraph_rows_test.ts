import assert from "node:assert/strict";
import type { Line, Tag } from "../../../lib/pdf/types.ts";
import { codeLine, LEFT, line, markdown, pageOf, RIGHT } from "../../_support/laid_out_page.ts";

/** Lines with every span tagged `tag`. */
function tagged(lines: Line[], tag: (k: number) => Tag): Line[] {
  return lines.map((l, k) => ({ ...l, spans: l.spans.map((s) => ({ ...s, tag: tag(k) })) }));
}

/**
 * A line of prose, then a display set as two rows of three pieces far apart (a matrix's
 * entries), then prose again: pieces that line up as an aligned table's cells.
 */
function proseAroundAlignedRows(): Line[] {
  return [
    line("The matrix below is set inside the paragraph that introduces it, as", LEFT, RIGHT, 100),
    line("a", 200, 206, 118),
    line("b", 280, 286, 118),
    line("c", 360, 366, 118),
    line("d", 200, 206, 130),
    line("e", 280, 286, 130),
    line("f", 360, 366, 130),
    line("and the sentence goes on after it to its end.", LEFT, 300, 148),
  ];
}

Deno.test("rows lined up as a table's cells are a table, untagged or filed under two paragraphs", () => {
  assert.match(markdown(pageOf(proseAroundAlignedRows())), /^\| a \| b \| c \|$/m);
  const twoParagraphs = tagged(proseAroundAlignedRows(), (k) => ({ block: k < 4 ? 1 : 2, paragraph: true }));
  assert.match(markdown(pageOf(twoParagraphs)), /^\| a \| b \| c \|$/m);
});

Deno.test("rows the structure tree files wholly under one paragraph are that paragraph, not a table", () => {
  const lines = tagged(proseAroundAlignedRows(), () => ({ block: 1, paragraph: true }));
  const text = markdown(pageOf(lines));
  assert.doesNotMatch(text, /\|/);
  assert.match(text, /\ba b c\b/);
});

/** A paragraph whose second row sets inline code far from the prose before it (a line stretched to its edge). */
function proseAndFarCode(): Line[] {
  const first = line("The same feature is now available on other desktops and affects", LEFT, RIGHT, 100);
  const prose = line("the", LEFT, LEFT + 15, 112);
  const code = codeLine("org.gnome.desktop.interface", LEFT + 75, 112);
  const last = line("setting, which the code below reads.", LEFT, 250, 124);
  return [first, prose, code, last];
}

Deno.test("inline code far from the prose on its row is a listing beside it, untagged", () => {
  assert.match(markdown(pageOf(proseAndFarCode())), /^```\norg\.gnome\.desktop\.interface\n```$/m);
});

Deno.test("inline code the structure tree files under the paragraph of the prose on its row stays in that row", () => {
  const text = markdown(pageOf(tagged(proseAndFarCode(), () => ({ block: 1, paragraph: true }))));
  assert.doesNotMatch(text, /```/);
  assert.match(text, /affects the `org\.gnome\.desktop\.interface` setting, which/);
});
