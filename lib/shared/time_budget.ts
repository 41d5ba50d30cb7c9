/**
 * A time budget for one call that lets go of it when the call ends.
 *
 * `AbortSignal.timeout` cannot be cleared: its timer, its signal, every
 * signal made from it with `AbortSignal.any` and whatever listens to those
 * live for the whole budget, however soon the call was answered. A paid
 * request answered in milliseconds under a 30 s budget (and its chain reads
 * under 10 s ones) then left its answer and its signals to be copied by every
 * collection of the young generation for half a minute, and promoted to the
 * old one: the service's collections copied about four times what the bare
 * x402 middleware's did. A budget made here is ended with the call.
 *
 * @module
 */

/** A time budget: its `signal` aborts once it is spent, unless it was ended first. */
export interface TimeBudget {
  /** Aborts with a `TimeoutError` `DOMException` once the budget is spent, as `AbortSignal.timeout`'s does. */
  readonly signal: AbortSignal;
  /** Ends the budget: the timer is cleared and nothing of the call stays reachable from it. */
  end(): void;
}

/**
 * A budget of `ms` milliseconds, like `AbortSignal.timeout(ms)` but ended
 * with {@linkcode TimeBudget.end}. Its timer does not keep the process alive.
 */
export function timeBudget(ms: number): TimeBudget {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`The budget of ${ms} ms is spent`, "TimeoutError")),
    ms,
  );
  Deno.unrefTimer(timer);
  return { signal: controller.signal, end: () => clearTimeout(timer) };
}

/**
 * A promise rejected with `signal`'s reason once it aborts, until `stop()`,
 * which takes its listener off the signal (a listener left on a long-lived
 * signal keeps whatever the promise settled, through a race, as long).
 */
export function rejectionOnAbort(signal: AbortSignal): { rejection: Promise<never>; stop(): void } {
  let onAbort = () => {};
  const rejection = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
  });
  if (signal.aborted) onAbort();
  else signal.addEventListener("abort", onAbort, { once: true });
  return { rejection, stop: () => signal.removeEventListener("abort", onAbort) };
}
