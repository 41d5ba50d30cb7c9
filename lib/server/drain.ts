/**
 * Shutting down gracefully: once draining starts, new requests are refused
 * (503), uploads still being read are cut short (503), and work already
 * running may finish and settle. At the grace deadline what still runs is
 * aborted, so its payment is released rather than left claimed.
 *
 * @module
 */
import { eitherAborts } from "../shared/time_budget.ts";

/** The service's drain state. */
export interface Drain {
  /** Whether shutdown has begun. */
  readonly draining: boolean;
  /**
   * Calls `listener` once when shutdown begins (at once if it has); the
   * function returned forgets it. A listener per read, forgotten after it,
   * leaves nothing of a request behind, where a `then` on a promise that
   * lasts as long as the process would keep each request's reads with it.
   */
  onStart(listener: () => void): () => void;
  /** Aborted when the grace period ends: work still running stops and releases its payment. */
  readonly deadline: AbortSignal;
  /** Begins shutdown. */
  start(): void;
  /** Ends the grace period. */
  abortWork(): void;
}

/** A drain that has not started. */
export function createDrain(): Drain {
  let draining = false;
  const listeners = new Set<() => void>();
  const deadline = new AbortController();
  return {
    get draining() {
      return draining;
    },
    onStart(listener) {
      if (draining) {
        listener();
        return () => {};
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    deadline: deadline.signal,
    start() {
      if (draining) return;
      draining = true;
      for (const listener of listeners) listener();
      listeners.clear();
    },
    abortWork() {
      deadline.abort(new DOMException("The service is shutting down", "AbortError"));
    },
  };
}

/**
 * A signal aborted when `signal` is (the client went away) or when `drain`'s
 * grace period ends, the drain hearing of it only until `done` settles (the
 * answer sent, or failed). `AbortSignal.any([signal, drain.deadline])` does
 * the same, but the runtime keeps a record of every signal made from one that
 * lasts as long as the process (a weak reference each, never pruned): with one
 * per paid request, the deadline's list grew with every call (about 100 bytes a
 * request, 10–20 µs each to make and to collect). {@linkcode eitherAborts}
 * takes its listeners off both once `done` settles.
 */
export function followingDeadline(signal: AbortSignal, drain: Drain, done: Promise<unknown>): AbortSignal {
  const either = eitherAborts(signal, drain.deadline);
  done.then(either.stop, either.stop);
  return either.signal;
}
