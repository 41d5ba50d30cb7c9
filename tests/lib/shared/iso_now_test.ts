import assert from "node:assert/strict";
import { isoNow } from "../../../lib/shared/iso_now.ts";

Deno.test("isoNow() is the current time in ISO 8601, as Date formats it", async () => {
  const before = Date.now();
  const first = isoNow();
  const after = Date.now();
  assert.match(first, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  assert.ok(Date.parse(first) >= before && Date.parse(first) <= after);
  // A timer's 5 ms and the wall clock's can differ by a rounding: wait on the wall clock itself.
  while (Date.now() < Date.parse(first) + 5) await new Promise((resolve) => setTimeout(resolve, 1));
  assert.ok(Date.parse(isoNow()) >= Date.parse(first) + 5, "a later millisecond gets a new string");
});
