/**
 * A listing's long line that a word processor wraps at a space may leave
 * only what reads as a list marker (`10.`) alone on the next row, at the
 * listing's edge and on its grid: the row stays in the listing. A row
 * the structure tree tags as a heading (a heading made of inline code) is
 * no such row, and a marker off the listing's grid opens no listing either.
 */
import assert from "node:assert/strict";
import { codeLine, LEFT, line, markdown, pageOf } from "../../_support/laid_out_page.ts";
import type { Line } from "../../../lib/pdf/types.ts";

/** Prose, then a listing of rows 11 pt apart whose third row is `third`, then prose again. */
function listingWith(third: (y: number) => Line): string {
  const intro = line("The command takes these options:", LEFT, LEFT + 160, 100);
  const rows = ["  -c NUM", "        The number of connections to open. default:"].map((text, i) =>
    codeLine(text, LEFT, 114 + i * 11)
  );
  const row = third(136);
  const more = ["  -p NUM", "        The number of requests each sends. default: 1."].map((text, i) =>
    codeLine(text, LEFT, row.y + 11 + i * 11)
  );
  const after = line("That is all it takes.", LEFT, LEFT + 110, more.at(-1)!.y + 14);
  return markdown(pageOf([intro, ...rows, row, ...more, after]));
}

Deno.test("a row holding only `10.` on a listing's grid stays in the listing", () => {
  const md = listingWith((y) => codeLine("10.", LEFT, y));
  assert.ok(md.includes("default:\n10.\n  -p NUM"), md);
  assert.ok(!md.includes("`10.`"), md);
});

Deno.test("a monospace row tagged a heading is no row of the listing above it", () => {
  const md = listingWith((y) => {
    const heading = codeLine("1.", LEFT, y);
    return { ...heading, spans: heading.spans.map((s) => ({ ...s, tag: { block: 1, heading: 4 } })) };
  });
  assert.ok(!md.includes("default:\n1.\n"), md);
});
