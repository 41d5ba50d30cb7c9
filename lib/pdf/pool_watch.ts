/**
 * How the PDF pool (`pool.ts`) ends a conversion's threads: at once when the
 * caller leaves or the time budget runs out (with the error that says which),
 * and, for a conversion that ran alone, only once the threads have exited and
 * their memory is back, so what was borrowed for it is free when it settles.
 *
 * @module
 */
import { ServiceError, UnprocessableError, UpstreamTimeoutError } from "../shared/errors.ts";
import type { PoolConvertOptions } from "./pool_options.ts";
import type { Thread } from "./pool_thread.ts";
import { timeBudget } from "../shared/time_budget.ts";

/**
 * The signal a conversion runs under (the caller's, and its time budget),
 * and a promise that rejects, once the conversion's threads are stopped, when
 * that signal aborts. `detach` stops watching and ends the budget, so a
 * conversion answered in a second does not keep its signals for the budget's
 * whole length (see `../shared/time_budget.ts`).
 */
export function watchConversion(
  { limits, signal: callerSignal }: PoolConvertOptions,
  used: Thread[],
): { signal: AbortSignal; stopped: Promise<never>; detach(): void } {
  // Timers take at most 2^31 - 1 ms; a longer budget is no budget.
  const timed = limits.timeBudgetMs < 2 ** 31 ? timeBudget(limits.timeBudgetMs) : undefined;
  const budget = timed?.signal ?? new AbortController().signal;
  const signal = callerSignal ? AbortSignal.any([callerSignal, budget]) : budget;
  let stop: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => stop = reject);
  const onAbort = () => {
    for (const thread of used) thread.terminate();
    stop(
      budget.aborted
        ? new UnprocessableError(
          `PDF conversion ran out of its ${limits.timeBudgetMs / 1000} s budget: choose fewer with "pages"`,
        )
        : abortError(signal.reason),
    );
  };
  if (signal.aborted) onAbort();
  signal.addEventListener("abort", onAbort, { once: true });
  const detach = () => {
    signal.removeEventListener("abort", onAbort);
    timed?.end();
  };
  return { signal, stopped, detach };
}

/** The error for a conversion whose caller cancelled. */
function abortError(reason: unknown): Error {
  if (reason instanceof ServiceError) return reason;
  return new UpstreamTimeoutError("PDF conversion cancelled: the request's time budget ran out", {
    cause: reason,
  });
}

/**
 * Stops `threads` and resolves once each has exited and the process's memory
 * has stopped falling: a stopped worker's isolate is freed some 30–60 ms
 * after its exit is reported. Measured on the 2,500-page text-dense PDF:
 * RSS some 140 MB over its level before the conversion at the exit, then
 * back to that level (290 MB before, 290 and 293 after two conversions, the
 * process's one-time growth at its first conversion aside), where a worker
 * kept alive held some 95 MB more. The borrowed room goes back only then.
 */
export async function stopAll(threads: Thread[]): Promise<void> {
  for (const thread of threads) thread.terminate();
  await Promise.all(threads.map((thread) => thread.exited));
  await memorySettled();
}

/** Resolves once the process's RSS has not fallen for two readings 20 ms apart, or after a second. */
async function memorySettled(): Promise<void> {
  const giveUp = Date.now() + 1000;
  let last = Deno.memoryUsage().rss;
  for (let steady = 0; steady < 2 && Date.now() < giveUp;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = Deno.memoryUsage().rss;
    steady = now < last - 2 ** 20 ? 0 : steady + 1;
    last = now;
  }
}
