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
  /** Resolves when shutdown begins. */
  readonly started: Promise<void>;
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
  const { promise: started, resolve } = Promise.withResolvers<void>();
  const deadline = new AbortController();
  return {
    get draining() {
      return draining;
    },
    started,
    deadline: deadline.signal,
    start() {
      draining = true;
      resolve();
    },
    abortWork() {
      deadline.abort(new DOMException("The service is shutting down", "AbortError"));
    },
  };
}
