/**
 * Tables broken by a column or page turn joined again, and tables that only
 * follow one another left apart.
 */
import assert from "node:assert/strict";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { joinTableParts } from "../../../lib/pdf/table_parts.ts";
import { line } from "../../_support/laid_out_page.ts";

/** A table draft of `rows` (empty text: empty cell), its columns 60 points apart from `x`, rows from `top` down. */
function table(x: number, top: number, rows: string[][], page = 1): Draft {
  const cells = rows.map((row, r) =>
    row.map((text, c) => text ? [{ ...line(text, x + c * 60, x + c * 60 + 40, top + r * 12), page }] : [])
  );
  return { kind: "table", page, lines: cells.flat(2), cells, rows: rows.map((row) => [...row]) };
}

Deno.test("the part at the next column's top joins, its repeated header dropped and the broken row whole", () => {
  const first = table(50, 600, [["Port", "Limit"], ["8080", "Sixty a minute"], ["8443", ""]]);
  const next = table(300, 80, [["Port", "Limit"], ["", "Clients with a certificate"], ["9090", "Metrics"]]);
  const [joined, ...rest] = joinTableParts([first, next], true);
  assert.equal(rest.length, 0);
  assert.deepEqual(joined!.rows, [
    ["Port", "Limit"],
    ["8080", "Sixty a minute"],
    ["8443", "Clients with a certificate"],
    ["9090", "Metrics"],
  ]);
  assert.equal(joined!.cells![2]![1]!.length, 1);
});

Deno.test("a table further down the same column, or with other columns, is a table of its own", () => {
  const first = table(50, 100, [["Port", "Limit"], ["8080", "Sixty a minute"]]);
  const below = table(50, 300, [["Name", "Value"], ["mode", "fast"]]);
  assert.equal(joinTableParts([first, below], true).length, 2);
  const wider = table(300, 80, [["Name", "Value", "Since"], ["mode", "fast", "4.2"]]);
  assert.equal(joinTableParts([table(50, 600, [["a", "b"], ["c", "d"]]), wider], true).length, 2);
  // On the next page, only when pages are not kept apart.
  const nextPage = table(50, 80, [["Port", "Limit"], ["9090", "Metrics"]], 2);
  assert.equal(joinTableParts([first, nextPage], false).length, 2);
  assert.equal(joinTableParts([first, nextPage], true).length, 1);
});
