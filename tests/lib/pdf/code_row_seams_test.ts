import assert from "node:assert/strict";
import { codeRowTails } from "../../../lib/pdf/code_row_tails.ts";
import { codeRowsApart } from "../../../lib/pdf/code_row_seams.ts";
import { plainLineText } from "../../../lib/pdf/inline.ts";
import { buildLines } from "../../../lib/pdf/layout.ts";
import type { Span } from "../../../lib/pdf/types.ts";
import { codeLine } from "../../_support/laid_out_page.ts";

/** A span of code at 8.5 pt (a cell of 5.1 pt) from `x` on baseline `y`. */
function code(text: string, x: number, y: number): Span {
  return codeLine(text, x, y, 8.5).spans[0]!;
}

/**
 * Two columns as WeasyPrint sets them: the left listing's row wrapped inside
 * a token too long for its column runs over the gutter (the right column
 * starts at 305.6) and ends within a space of the right listing's row, its
 * baseline 1.9 pt above it (each column's rows keep their own step). The
 * right column's listing is written after the left one's.
 */
const OVER_THE_GUTTER = [
  code("const sql = postgres('postgres://", 126.6, 111.9),
  code("username:password@host:port/", 169.1, 122.6),
  code("database', {", 169.1, 133.2),
  code("const xs = await sql`", 305.6, 112.6),
  code("insert into users (", 316.1, 124.5),
];

Deno.test("a left row of code running over the gutter up to the right column's row on about its baseline stays a row of its own", () => {
  const rows = buildLines(OVER_THE_GUTTER, 1).map(plainLineText);
  assert.ok(rows.includes("username:password@host:port/"), rows.join("\n"));
  assert.ok(rows.includes("insert into users ("), rows.join("\n"));
});

Deno.test("pieces of one row off its character grid are two rows, on it one", () => {
  // One baseline, the right row's first token 1.6 pt after the left row's `//`: no whole number of cells.
  const left = code("decimalFixedPointToNumber(usdc('42.5')); //", 126.6, 567.6);
  const right = code("{ raw: 500000000000000n, decimals:", 348.1, 567.8);
  assert.equal(codeRowsApart(left, right), true);
  // The row's own next piece: a space's cell after it, on one baseline.
  const figure = code("42.5", left.x + left.width + 5.1, 567.6);
  assert.equal(codeRowsApart(left, figure), false);
  // Written out of order, the pieces of one row are joined still.
  assert.deepEqual(buildLines([figure, left], 1).map(plainLineText), [
    "decimalFixedPointToNumber(usdc('42.5')); // 42.5",
  ]);
  // The right column's row is no tail of the left's, for the gutter search.
  const lines = buildLines([left, code("42.5", 169.1, 578.2), right], 1);
  assert.equal(lines.length, 3);
  assert.equal(codeRowTails(lines).size, 0);
  assert.equal(codeRowTails(buildLines([left], 1).concat(buildLines([figure], 1))).size, 1);
});

Deno.test("a row of code running up to another row's piece in the cell of the space it draws is two rows", () => {
  // The left row wraps after `start` (it draws the space it broke at), over the gutter up to the right
  // column's `describe:` on its baseline, which starts where that space is: on the grid, but no piece
  // of the row can stand in its own drawn space.
  const left = { ...code("if (argv.verbose) console.info(`start", 147.8, 120.4), spaceAfter: true as const };
  const right = code('describe: "a list of', left.x + left.width, 120.4);
  assert.equal(codeRowsApart(left, right), true);
  // Without the drawn space the pieces touch on the grid, as one row's pieces of two colours do.
  assert.equal(codeRowsApart(code("if (argv.verbose) console.info(`start", 147.8, 120.4), right), false);
  // A space's cell later, the row's own next piece.
  assert.equal(codeRowsApart(left, code("server", left.x + left.width + 5.1, 120.4)), false);
});
