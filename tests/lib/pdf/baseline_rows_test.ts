import assert from "node:assert/strict";
import { byBaseline } from "../../../lib/pdf/baseline_rows.ts";

Deno.test("things on a baseline a rounding apart are found, two points apart are not", () => {
  const onRow = byBaseline([{ y: 100.4, id: "a" }, { y: 100.6, id: "b" }, { y: 102.6, id: "c" }]);
  assert.deepEqual(onRow(100.2).map((t) => t.id), ["a", "b"]);
  assert.deepEqual(onRow(101.9).map((t) => t.id).sort(), ["b", "c"]);
  assert.deepEqual(onRow(90), []);
});
