/**
 * Run with `--v8-flags=--expose-gc` by `time_budget_test.ts`: makes 50 calls'
 * worth of budgets, each with a listener holding a payload on a signal made
 * from it (as a handler's signal is), ends them (or, with `timeout`, uses
 * `AbortSignal.timeout` as before), collects, and prints how many payloads
 * are still alive (with `call`, budgets joined to one lasting caller's signal).
 *
 * @module
 */
import { callBudget, timeBudget } from "../../../lib/shared/time_budget.ts";

const useTimeout = Deno.args[0] === "timeout";
/** With `call`, each budget is a {@linkcode callBudget} on one caller's signal that outlives them all. */
const caller = Deno.args[0] === "call" ? new AbortController() : undefined;
const payloads: WeakRef<object>[] = [];
for (let i = 0; i < 50; i++) {
  const payload = { answer: new Array(1_000).fill(i) };
  payloads.push(new WeakRef(payload));
  const budget = useTimeout
    ? { signal: AbortSignal.timeout(60_000), end() {} }
    : caller
    ? callBudget(caller.signal, 60_000)
    : timeBudget(60_000);
  const signal = AbortSignal.any([budget.signal]);
  signal.addEventListener("abort", () => console.log(payload.answer.length));
  budget.end();
}
const gc = (globalThis as { gc?: () => void }).gc!;
await new Promise((resolve) => setTimeout(resolve, 10));
gc();
await new Promise((resolve) => setTimeout(resolve, 10));
gc();
console.log(payloads.filter((ref) => ref.deref() !== undefined).length);
Deno.exit(0);
