import assert from "node:assert/strict";
import { TableSearchBudget } from "../../../lib/pdf/table_search_budget.ts";
import { detectTable } from "../../../lib/pdf/tables.ts";
import type { Line } from "../../../lib/pdf/types.ts";
import { line } from "../../_support/laid_out_page.ts";

/** `rows` rows of two cells, 20 points apart, whose baselines count how often they are read. */
function countedRows(rows: number, reads: { count: number }): Line[] {
  return Array.from(
    { length: rows },
    (_, r) => [line("name", 72, 100, 100 + r * 20), line("kind", 300, 330, 100 + r * 20)],
  )
    .flat().map((plain) => {
      const y = plain.y;
      return Object.defineProperty({ ...plain }, "y", {
        get() {
          reads.count++;
          return y;
        },
      });
    });
}

Deno.test("a page's table search stops reading rows once its allowance is spent", () => {
  // Tried from every row and turned down at the end, each try read up to 400 rows: the square of the page.
  const reads = { count: 0 };
  const lines = countedRows(2000, reads);
  const budget = new TableSearchBudget(10_000);
  for (let start = 0; start < lines.length; start += 2) detectTable(lines, start, () => false, budget);
  assert.ok(reads.count < 200_000, `${reads.count} baselines read`);
  assert.ok(budget.spent);
});

Deno.test("the table search within its allowance finds what it found without one", () => {
  const lines = countedRows(30, { count: 0 });
  const found = detectTable(lines, 0, () => true, new TableSearchBudget());
  assert.deepEqual(found, detectTable(lines, 0));
  assert.equal(found?.rows.length, 30);
  assert.equal(detectTable(lines, 0, () => true, new TableSearchBudget(10)), null);
});
