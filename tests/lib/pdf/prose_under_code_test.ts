/**
 * A listing whose rows line up in columns, with a paragraph straight under
 * it, is no table whose cell the paragraph runs on in (`prose_under_code.ts`).
 */
import assert from "node:assert/strict";
import { alignedTable } from "../../../lib/pdf/segment_rows.ts";
import type { DocumentStats } from "../../../lib/pdf/stats.ts";
import type { Line } from "../../../lib/pdf/types.ts";

/** A piece of a row, 6 pt a character, at `x` on baseline `y`. */
function piece(text: string, x: number, y: number, monospace = true): Line {
  const font = { name: monospace ? "Mono" : "Serif", bold: false, italic: false, monospace };
  const width = text.length * 6;
  return { spans: [{ text, x, y, width, size: 10, font }], x0: x, x1: x + width, y, size: 10, page: 1 };
}

const stats: DocumentStats = { bodySize: 10, bodyFamily: "serif", lineGap: () => 12, codeLineGap: () => 12 };

/** Rows of a printed object in comments, its keys set two spaces in: `//` and the key apart. */
const rows = ['"p50": 123,', '"p75": 1240,', '"max": 1244,'].map((key, k) => [
  piece("//", 72, 100 + 12 * k),
  piece(key, 72 + 4 * 6, 100 + 12 * k),
]);

Deno.test("a paragraph straight under a listing of aligned rows is no cell of a table", () => {
  const paragraph = piece(
    "You can also print every percentile, as the original implementation does:",
    72,
    148,
    false,
  );
  const lines = [...rows.flat(), piece("// }", 72, 136), paragraph];
  assert.equal(alignedTable(lines, 0, stats), null);
  // A table of code beside prose cells stays a table: its prose shares a baseline with code.
  const table = rows.flatMap(([, key]) => [key!, piece("a percentile", 200, key!.y, false)]);
  assert.notEqual(alignedTable(table, 0, stats), null);
});
