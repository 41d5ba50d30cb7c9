/**
 * The admission middleware keeps nothing of an upload once it is read: the
 * drain hears of each read only while it lasts.
 */
import assert from "node:assert/strict";
import { createDrain } from "../../lib/server/drain.ts";

Deno.test("admission keeps no upload's pieces once read, while the service runs on", async () => {
  const child = new URL("./_admission_retention_child.ts", import.meta.url);
  const { stdout, success } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--v8-flags=--expose-gc", child.pathname],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.ok(success);
  // 100 pieces sent in 50 uploads; the last upload's two may still be on the stack. Before, all 100 were held.
  assert.ok(Number(new TextDecoder().decode(stdout).trim()) <= 2);
});

Deno.test("createDrain(): listeners hear the start once, forgotten ones and late ones as they should", () => {
  const drain = createDrain();
  const heard: string[] = [];
  drain.onStart(() => heard.push("kept"));
  const forget = drain.onStart(() => heard.push("forgotten"));
  forget();
  drain.start();
  drain.start();
  drain.onStart(() => heard.push("late"));
  assert.deepEqual(heard, ["kept", "late"]);
  assert.equal(drain.draining, true);
});
