/**
 * The admission middleware keeps nothing of an upload once it is read: the
 * drain hears of each read only while it lasts.
 */
import assert from "node:assert/strict";
import { createDrain, followingDeadline } from "../../lib/server/drain.ts";

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

Deno.test("followingDeadline(): stops at the deadline while its answer is out, then the drain forgets it", async () => {
  const drain = createDrain();
  const inFlight = followingDeadline(new AbortController().signal, drain, new Promise(() => {}));
  const { promise: sent, resolve: send } = Promise.withResolvers<void>();
  const answered = followingDeadline(new AbortController().signal, drain, sent);
  const failed = Promise.reject(new Error("connection reset"));
  const answerFailed = followingDeadline(new AbortController().signal, drain, failed);
  send();
  await Promise.allSettled([sent, failed]);
  drain.abortWork();
  assert.equal(inFlight.aborted, true);
  assert.equal((inFlight.reason as DOMException).name, "AbortError");
  // Forgotten once their answers were sent or failed: the drain holds nothing of them.
  assert.equal(answered.aborted, false);
  assert.equal(answerFailed.aborted, false);
  // Made after the deadline: aborted at once.
  assert.equal(followingDeadline(new AbortController().signal, drain, new Promise(() => {})).aborted, true);
});

Deno.test("followingDeadline(): stops when the client goes, with the client's reason", () => {
  const drain = createDrain();
  const client = new AbortController();
  const work = followingDeadline(client.signal, drain, new Promise(() => {}));
  assert.equal(work.aborted, false);
  client.abort(new Error("client gone"));
  assert.equal(work.aborted, true);
  assert.equal((work.reason as Error).message, "client gone");
  const gone = new AbortController();
  gone.abort();
  assert.equal(followingDeadline(gone.signal, drain, new Promise(() => {})), gone.signal);
});
