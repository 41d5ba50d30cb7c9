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
import { onDeadline } from "./deadline_queue.ts";

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
  // One timer for every budget of this length (see `deadline_queue.ts`), not one each.
  const end = onDeadline(
    ms,
    () => controller.abort(new DOMException(`The budget of ${ms} ms is spent`, "TimeoutError")),
  );
  return { signal: controller.signal, end };
}

/** A call's own time budget joined to its caller's signal: see {@linkcode callBudget}. */
export interface CallBudget {
  /** Aborted when the caller's signal is (with its reason) or when the budget is spent (a `TimeoutError`), first wins. */
  readonly signal: AbortSignal;
  /** Rejected with the `TimeoutError` once the budget is spent, unless it was ended first. */
  readonly spent: Promise<never>;
  /** Whether the budget was spent. */
  readonly overBudget: () => boolean;
  /** Ends the budget and takes its listener off the caller's signal: nothing of the call stays reachable from either. */
  end(): void;
}

/**
 * A budget of `ms` milliseconds for a call made on behalf of `caller` (if
 * any), as `AbortSignal.any([caller, AbortSignal.timeout(ms)])` with a rejection raced
 * against the work, in one signal, one listener and one deadline; the three
 * pieces it replaces (a {@linkcode timeBudget}, a rejection listening to its
 * signal, {@linkcode eitherAborts} of the two) cost a paid request a second
 * controller and two more listeners taken on and off (about 15 µs in place).
 */
export function callBudget(caller: AbortSignal | undefined, ms: number): CallBudget {
  const controller = new AbortController();
  let reject: (reason: unknown) => void = () => {};
  const spent = new Promise<never>((_, rejecting) => reject = rejecting);
  // Raced by whoever waits on it; a budget spent with nobody waiting is no unhandled rejection.
  spent.catch(() => {});
  let over = false;
  const end = onDeadline(ms, () => {
    over = true;
    const reason = new DOMException(`The budget of ${ms} ms is spent`, "TimeoutError");
    controller.abort(reason);
    reject(reason);
  });
  const onCallerGone = () => controller.abort(caller?.reason);
  if (caller?.aborted) onCallerGone();
  else caller?.addEventListener("abort", onCallerGone, { once: true });
  return {
    signal: controller.signal,
    spent,
    overBudget: () => over,
    end() {
      end();
      caller?.removeEventListener("abort", onCallerGone);
    },
  };
}

/**
 * A signal aborted by whichever of `first` and `second` aborts first, with
 * its reason, until `stop()` takes its listeners off both. It does what
 * `AbortSignal.any([first, second])` does for a call's time, at a tenth of
 * its cost (about 1 µs against 2–10 here), and leaves no record behind: the
 * runtime keeps a weak reference to every signal `AbortSignal.any` makes on
 * each of its sources, a heap that grew by about 3 MB every 20,000 calls in a
 * loop that kept none of them (a paid call made two or three).
 */
export function eitherAborts(first: AbortSignal, second: AbortSignal): { signal: AbortSignal; stop(): void } {
  if (first.aborted) return { signal: first, stop() {} };
  if (second.aborted) return { signal: second, stop() {} };
  const either = new AbortController();
  const stop = () => {
    first.removeEventListener("abort", onFirst);
    second.removeEventListener("abort", onSecond);
  };
  const onFirst = () => (stop(), either.abort(first.reason));
  const onSecond = () => (stop(), either.abort(second.reason));
  first.addEventListener("abort", onFirst, { once: true });
  second.addEventListener("abort", onSecond, { once: true });
  return { signal: either.signal, stop };
}
