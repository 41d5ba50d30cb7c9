import assert from "node:assert/strict";
import { formatBytes, formatSeconds } from "../../../lib/shared/format.ts";

Deno.test("formatBytes() and formatSeconds() word limits for messages", () => {
  assert.equal(formatBytes(50 * 1024 * 1024), "50 MB");
  assert.equal(formatBytes(100 * 1024), "100 KB");
  assert.equal(formatSeconds(900), "15 min");
  assert.equal(formatSeconds(90), "90 s");
});
