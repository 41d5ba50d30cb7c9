/**
 * A word of code too long for any line (a URL), set on a row of its own at
 * the line step under prose ending in a colon, is the paragraph's inline
 * code where paragraphs stand apart; a listing of one word stands a
 * paragraph's space below.
 */
import assert from "node:assert/strict";
import type { Line } from "../../../lib/pdf/types.ts";
import {
  codeLine,
  LEADING,
  LEFT,
  line,
  markdown,
  pageOf,
  paragraphs,
  RIGHT,
} from "../../_support/laid_out_page.ts";

const URL = "http://example.org/styles/series-v2021/series-v2021-authors/series-v2021-authors-guidelines.pdf";

/** Paragraphs a blank line apart, the last ending in a colon over the URL `below` points under it. */
function spacedPage(below: number): Line[] {
  const lines: Line[] = [];
  let y = 100;
  for (const words of ["The first paragraph", "The second paragraph", "The third paragraph"]) {
    lines.push(line(`${words} runs from one edge of the column to the other edge of it,`, LEFT, RIGHT, y));
    lines.push(line("and ends here.", LEFT, LEFT + 70, y + LEADING));
    y += 3 * LEADING;
  }
  lines.push(
    line("Read the complete guide for all details, and write to us in case of questions or", LEFT, RIGHT, y),
  );
  lines.push(line("comments, should any come up after reading it:", LEFT, RIGHT, y + LEADING));
  lines.push(codeLine(URL, LEFT, y + LEADING + below));
  lines.push(
    line("A last paragraph runs from one edge of the column to the other edge of it,", LEFT, RIGHT, y + 80),
  );
  lines.push(line("and ends here.", LEFT, LEFT + 70, y + 80 + LEADING));
  return lines;
}

Deno.test("a URL set overfull at the line step under prose ending in a colon is the paragraph's", () => {
  const out = paragraphs(markdown(pageOf(spacedPage(LEADING))));
  const paragraph = out.find((p) => p.startsWith("Read the complete guide"));
  assert.ok(paragraph?.endsWith(`after reading it: \`${URL}\``), out.join("\n\n"));
  assert.ok(!out.some((p) => p.startsWith("```")), out.join("\n\n"));
});

Deno.test("the same word a paragraph's space below is a listing", () => {
  const out = paragraphs(markdown(pageOf(spacedPage(2 * LEADING))));
  assert.ok(out.includes("```\n" + URL + "\n```"), out.join("\n\n"));
});
