import assert from "node:assert/strict";
import { captionsApart } from "../../../lib/pdf/table_captions.ts";
import type { Block } from "../../../lib/pdf/types.ts";

/** A table block of `rows` on page 1. */
const table = (rows: string[][]): Block => ({ kind: "table", rows, page: 1 });

Deno.test("a caption set as a table's first row is a paragraph before the table", () => {
  const blocks = captionsApart([
    table([["Table A.1: One-term coefficients.", "", ""], ["Bi", "λ1", "A1"], ["0.01", "0.0998", "1.0017"]]),
  ]);
  assert.deepEqual(blocks, [
    { kind: "paragraph", text: "Table A.1: One-term coefficients.", page: 1 },
    table([["Bi", "λ1", "A1"], ["0.01", "0.0998", "1.0017"]]),
  ]);
});

Deno.test("a caption set as a ruled frame's last row is a paragraph after the table", () => {
  const blocks = captionsApart([table([["Name", "Size"], ["a", "1"], ["Table 3. Sizes of things.", ""]])]);
  assert.deepEqual(blocks, [
    table([["Name", "Size"], ["a", "1"]]),
    { kind: "paragraph", text: "Table 3. Sizes of things.", page: 1 },
  ]);
});

Deno.test("rows that only look like captions stay cells", () => {
  const rows = [
    [["Table 1: first", "but a second cell"], ["a", "b"], ["c", "d"]],
    [["Version 2. Released", ""], ["a", "b"]],
    [["Plain words in the first cell", ""], ["a", "b"], ["c", "d"]],
  ];
  for (const r of rows) assert.deepEqual(captionsApart([table(r)]), [table(r)]);
});
