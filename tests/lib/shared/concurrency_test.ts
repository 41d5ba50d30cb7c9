import assert from "node:assert/strict";
import { createGate } from "../../../lib/shared/concurrency.ts";
import { UnavailableError } from "../../../lib/shared/errors.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => resolve = r);
  return { promise, resolve };
}

Deno.test("createGate() runs at most `concurrency` jobs and refuses past the queue", async () => {
  const gate = createGate({ concurrency: 2, queue: 1, name: "test work" });
  const release = deferred();
  let peak = 0;
  const job = async () => {
    peak = Math.max(peak, gate.load.running);
    await release.promise;
    return gate.load.running;
  };
  const accepted = [gate.run(job), gate.run(job), gate.run(job)];
  assert.deepEqual(gate.load, { running: 2, waiting: 1 });
  await assert.rejects(gate.run(job), (error) => {
    assert.ok(error instanceof UnavailableError);
    assert.equal(error.retryAfterSeconds, 2);
    assert.match(error.message, /test work/);
    return true;
  });
  release.resolve();
  await Promise.all(accepted);
  assert.equal(peak, 2);
  assert.deepEqual(gate.load, { running: 0, waiting: 0 });
});

Deno.test("createGate() frees a slot when a job throws and drops an aborted waiter", async () => {
  const gate = createGate({ concurrency: 1, queue: 2, name: "test work" });
  const release = deferred();
  const first = gate.run(async () => {
    await release.promise;
    throw new Error("boom");
  });
  const controller = new AbortController();
  const aborted = gate.run(() => Promise.resolve("never"), controller.signal);
  const third = gate.run(() => Promise.resolve("ran"));
  controller.abort(new Error("caller left"));
  await assert.rejects(aborted, /caller left/);
  release.resolve();
  await assert.rejects(first, /boom/);
  assert.equal(await third, "ran");
  assert.deepEqual(gate.load, { running: 0, waiting: 0 });
});
