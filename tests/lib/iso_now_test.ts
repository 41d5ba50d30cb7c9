import assert from "node:assert/strict";
import { isoNow } from "../../lib/iso_now.ts";

Deno.test("isoNow() is the current time in ISO 8601, as Date formats it", async () => {
  const before = Date.now();
  const first = isoNow();
  const after = Date.now();
  assert.match(first, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  assert.ok(Date.parse(first) >= before && Date.parse(first) <= after);
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(Date.parse(isoNow()) >= Date.parse(first) + 5, "a later millisecond gets a new string");
});
