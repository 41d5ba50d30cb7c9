/**
 * The supervisor's hang detection on a process it drives itself: misses "in a
 * row" are probes one after another, so a healthy process slowed for a moment
 * (a loaded machine) is not replaced, while one that never answers is.
 *
 * @module
 */
import assert from "node:assert/strict";
import { supervise, type SupervisedProcess } from "../../../../lib/local/evm/supervisor.ts";
import { until } from "../../../_support/until.ts";

/** A stand-in process whose probe answers after `delayMs()` (or never, for `Infinity`). */
function slowProcess(pid: number, delayMs: () => number): SupervisedProcess & { probes: number } {
  const { promise: exited, resolve } = Promise.withResolvers<void>();
  const process = {
    pid,
    exited,
    probes: 0,
    probe(signal: AbortSignal): Promise<void> {
      process.probes++;
      const delay = delayMs();
      return new Promise<void>((answered, failed) => {
        const timer = delay === Infinity ? undefined : setTimeout(answered, delay);
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          failed(signal.reason);
        }, { once: true });
      });
    },
    stop(): Promise<void> {
      resolve();
      return exited;
    },
  };
  return process;
}

Deno.test("a process slowed past one probe's budget for a moment is not replaced: probes never overlap", async () => {
  // Probes every 50 ms with a 300 ms budget: overlapping probes would all miss during one 400 ms stall.
  let stalledUntil = 0;
  const first = slowProcess(1, () => Date.now() < stalledUntil ? stalledUntil - Date.now() : 1);
  let started = 0;
  const supervisor = supervise(first, () => {
    started++;
    return Promise.resolve(slowProcess(2, () => 1));
  }, { probeIntervalMs: 50, probeTimeoutMs: 300, missedProbes: 2 });
  try {
    await until(() => first.probes >= 3, "a few quick probes");
    stalledUntil = Date.now() + 400;
    await new Promise((resolve) => setTimeout(resolve, 900));
    assert.equal(started, 0, "a healthy process slowed for 400 ms was replaced");
    assert.equal(supervisor.status().restarts, 0);
  } finally {
    await supervisor.stop();
  }
});

Deno.test("a process that never answers is replaced after the missed probes, one after another", async () => {
  const first = slowProcess(1, () => Infinity);
  const supervisor = supervise(first, () => Promise.resolve(slowProcess(2, () => 1)), {
    probeIntervalMs: 50,
    probeTimeoutMs: 200,
    missedProbes: 2,
  });
  try {
    const since = Date.now();
    await until(() => supervisor.status().restarts === 1, "the replacement", { timeoutMs: 5_000 });
    // Two whole budgets went by before it counted as hung.
    assert.ok(Date.now() - since >= 400, `replaced after ${Date.now() - since} ms`);
    assert.equal(supervisor.current()?.pid, 2);
  } finally {
    await supervisor.stop();
  }
});
