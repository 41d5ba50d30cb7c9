/**
 * A header cell over a column of right-aligned figures (LaTeX's `r` column, a
 * Markdown table's `---:`) reaches left past the figures' left edge: it ends
 * where they end and is one cell, not a cell that swallowed its neighbour.
 */
import assert from "node:assert/strict";
import { markdown, pageAt } from "../../_support/laid_out_page.ts";

/** A header row over three rows: a name, two right-aligned figures, a word; 21 points a row. */
function colonies(): string {
  const rows: Array<[string, number, number, number]> = [
    ["Colony", 187, 215, 215],
    ["Frames with brood", 222, 290, 215],
    ["Food (kg)", 302, 350, 215],
    ["Mood", 361, 390, 215],
  ];
  for (
    const [k, [name, frames, food, mood]] of [["A", "7", "4,5", "calm"], ["B", "5", "3,0", "restless"], [
      "C",
      "8",
      "6,2",
      "calm",
    ]].entries()
  ) {
    const y = 242 + k * 21;
    rows.push([name!, 187, 194, y], [frames!, 284, 290, y], [food!, 335, 350, y], [
      mood!,
      361,
      361 + mood!.length * 5,
      y,
    ]);
  }
  return markdown(pageAt(...rows));
}

Deno.test("a header cell ending where a right-aligned column's figures end is that column's one cell", () => {
  const text = colonies();
  assert.match(text, /^\| Colony \| Frames with brood \| Food \(kg\) \| Mood \|$/m, text);
  assert.match(text, /^\| A \| 7 \| 4,5 \| calm \|$/m, text);
});
