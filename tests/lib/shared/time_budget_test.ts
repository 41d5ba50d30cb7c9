import assert from "node:assert/strict";
import { callBudget, eitherAborts, timeBudget } from "../../../lib/shared/time_budget.ts";

Deno.test("timeBudget() aborts its signal with a TimeoutError once spent, its timer not holding the process", async () => {
  // The budget's timer does not hold the event loop open (as AbortSignal.timeout's does not); a timer here does.
  const keepAlive = setTimeout(() => {}, 60_000);
  try {
    const budget = timeBudget(20);
    const reason = await new Promise((resolve) =>
      budget.signal.addEventListener("abort", () => resolve(budget.signal.reason))
    );
    assert.ok(reason instanceof DOMException);
    assert.equal(reason.name, "TimeoutError");
  } finally {
    clearTimeout(keepAlive);
  }
});

Deno.test("timeBudget() ended in time never aborts", async () => {
  const budget = timeBudget(20);
  budget.end();
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.equal(budget.signal.aborted, false);
});

Deno.test("an ended timeBudget() or callBudget() keeps nothing of its call, where AbortSignal.timeout keeps it all", async () => {
  const alive = async (mode: string) => {
    const child = new URL("./_time_budget_child.ts", import.meta.url);
    const { stdout, success } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--v8-flags=--expose-gc", child.pathname, mode],
      stdout: "piped",
      stderr: "inherit",
    }).output();
    assert.ok(success);
    return Number(new TextDecoder().decode(stdout).trim());
  };
  assert.equal(await alive("timeout"), 50);
  assert.ok(await alive("budget") <= 1);
  assert.ok(await alive("call") <= 1, "nor does an ended callBudget() on a caller's signal that lasts");
});

Deno.test("callBudget(): once spent, its signal aborts and its rejection rejects with a TimeoutError", async () => {
  const caller = new AbortController();
  const budget = callBudget(caller.signal, 20);
  assert.equal(budget.overBudget(), false);
  // Its deadline does not hold the event loop open (see timeBudget() above); a timer here does.
  const keepAlive = setTimeout(() => {}, 60_000);
  const reason = await budget.spent.catch((error) => error).finally(() => clearTimeout(keepAlive));
  assert.ok(reason instanceof DOMException);
  assert.equal(reason.name, "TimeoutError");
  assert.equal(budget.signal.reason, reason);
  assert.equal(budget.overBudget(), true);
  caller.abort(new Error("later"));
  assert.equal(budget.signal.reason, reason, "the first reason stays");
  budget.end();
});

Deno.test("callBudget(): its signal aborts with the caller's reason, and its rejection waits for the budget", async () => {
  const caller = new AbortController();
  const budget = callBudget(caller.signal, 30);
  let rejected = false;
  budget.spent.catch(() => rejected = true);
  caller.abort(new Error("client gone"));
  assert.equal((budget.signal.reason as Error).message, "client gone");
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(rejected, false, "a caller who leaves does not spend the budget");
  budget.end();

  const gone = new AbortController();
  gone.abort(new Error("before"));
  const late = callBudget(gone.signal, 1_000);
  assert.equal((late.signal.reason as Error).message, "before");
  late.end();
});

Deno.test("callBudget() ended hears neither its caller nor its deadline", async () => {
  const caller = new AbortController();
  const budget = callBudget(caller.signal, 20);
  let rejected = false;
  budget.spent.catch(() => rejected = true);
  budget.end();
  caller.abort();
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.equal(budget.signal.aborted, false);
  assert.equal(rejected, false);
  assert.equal(budget.overBudget(), false);
});

Deno.test("eitherAborts(): aborted by whichever source aborts first, with its reason; deaf once stopped", () => {
  const [client, budget] = [new AbortController(), new AbortController()];
  const first = eitherAborts(client.signal, budget.signal);
  budget.abort(new DOMException("spent", "TimeoutError"));
  assert.equal(first.signal.aborted, true);
  assert.equal((first.signal.reason as DOMException).name, "TimeoutError");
  client.abort(new Error("later"));
  assert.equal((first.signal.reason as DOMException).name, "TimeoutError", "the first reason stays");

  const [client2, budget2] = [new AbortController(), new AbortController()];
  const second = eitherAborts(client2.signal, budget2.signal);
  client2.abort(new Error("client gone"));
  assert.equal((second.signal.reason as Error).message, "client gone");

  const [client3, budget3] = [new AbortController(), new AbortController()];
  const stopped = eitherAborts(client3.signal, budget3.signal);
  stopped.stop();
  client3.abort();
  budget3.abort();
  assert.equal(stopped.signal.aborted, false, "a stopped signal no longer hears its sources");

  const gone = new AbortController();
  gone.abort();
  assert.equal(eitherAborts(new AbortController().signal, gone.signal).signal, gone.signal);
});
