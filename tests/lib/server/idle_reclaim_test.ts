import assert from "node:assert/strict";
import { fullCollection, startIdleReclaim } from "../../../lib/server/idle_reclaim.ts";
import { until } from "../../_support/until.ts";

const CHECK_MS = 20;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A CPU meter the test drives: while `busy`, every reading is a full check
 * interval later. `checks(n)` resolves once the reclaimer has read it `n`
 * more times: waiting on its checks rather than on the clock, as a stalled
 * machine runs fewer checks in a given time than it has intervals.
 */
function meter() {
  let micros = 0;
  const state = { busy: true, readings: 0 };
  return {
    state,
    read: () => {
      state.readings++;
      if (state.busy) micros += CHECK_MS * 1_000;
      return micros;
    },
    checks(n: number): Promise<void> {
      const target = state.readings + n;
      return until(() => state.readings >= target, `${n} more checks`, { everyMs: CHECK_MS / 2 });
    },
  };
}

Deno.test("fullCollection() reaches V8's collector, and a collection gives the garbage back", () => {
  const collect = fullCollection();
  assert.ok(collect, "this runtime lets the collector be reached");
  let garbage: unknown[] | undefined = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `item ${i}` }));
  const held = Deno.memoryUsage().heapUsed;
  assert.equal(garbage.length, 300_000);
  garbage = undefined;
  collect();
  const after = Deno.memoryUsage().heapUsed;
  assert.ok(after < held - 10 * 2 ** 20, `heap ${held} → ${after} bytes: the 300,000 objects stay held`);
});

Deno.test("the reclaimer collects once when the process goes quiet after work, and not again while quiet", async () => {
  const cpu = meter();
  let collected = 0;
  const reclaim = startIdleReclaim({ collect: () => collected++, cpuMicros: cpu.read, checkMs: CHECK_MS })!;
  try {
    await cpu.checks(6);
    assert.equal(collected, 0, "nothing is collected while the process works");
    cpu.state.busy = false;
    await cpu.checks(8);
    assert.equal(collected, 1, "one collection once quiet");
    assert.equal(reclaim.collections, 1);
    cpu.state.busy = true; // A burst of requests...
    await cpu.checks(4);
    assert.equal(collected, 1);
    cpu.state.busy = false; // ...then quiet again.
    await cpu.checks(8);
    assert.equal(collected, 2, "one more collection after the burst");
  } finally {
    reclaim.stop();
  }
});

Deno.test("the reclaimer stops looking once stopped, and a refused collection is tried after the next quiet spell", async () => {
  const cpu = meter();
  cpu.state.busy = false;
  let attempts = 0;
  const reclaim = startIdleReclaim({
    collect: () => {
      attempts++;
      if (attempts === 1) throw new Error("refused");
    },
    cpuMicros: cpu.read,
    checkMs: CHECK_MS,
  })!;
  await cpu.checks(8);
  assert.equal(attempts, 2, "refused once, then collected at the next quiet check");
  assert.equal(reclaim.collections, 1);
  reclaim.stop();
  reclaim.stop();
  const readings = cpu.state.readings;
  await delay(CHECK_MS * 4);
  assert.equal(cpu.state.readings, readings, "no check after stop()");
});

Deno.test("the reclaimer's timer does not keep the process alive", async () => {
  const script = `import { startIdleReclaim } from ${
    JSON.stringify(new URL("../../../lib/server/idle_reclaim.ts", import.meta.url).href)
  };
const reclaim = startIdleReclaim();
if (!reclaim) throw new Error("no reclaimer");
console.log("started");`;
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--no-config", script],
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(30_000), // Killed (and failing) if the timer held it open.
  }).output();
  assert.equal(new TextDecoder().decode(output.stderr), "");
  assert.ok(output.success);
  assert.equal(new TextDecoder().decode(output.stdout).trim(), "started");
});
