/**
 * Shutting down gracefully: once draining starts, new requests are refused
 * (503), uploads still being read are cut short (503), and work already
 * running may finish and settle. At the grace deadline what still runs is
 * aborted, so its payment is released rather than left claimed.
 *
 * @module
 */

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
