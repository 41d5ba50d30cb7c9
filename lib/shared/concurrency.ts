/**
 * A bounded-concurrency gate for CPU- or process-heavy work (PDF parsing,
 * ffmpeg): at most `concurrency` jobs run, at most `queue` wait, and the rest
 * are refused at once with a 503 and a `Retry-After` hint.
 *
 * @module
 */
import { UnavailableError } from "./errors.ts";

/** Options for {@linkcode createGate}. */
export interface GateOptions {
  /** Jobs that may run at once. */
  concurrency: number;
  /** Jobs that may wait for a slot; more are refused. */
  queue: number;
  /** What the work is called in error messages, e.g. `"PDF conversion"`. */
  name: string;
  /** Seconds suggested to a refused caller (default 2). */
  retryAfterSeconds?: number;
}

/** A gate: runs jobs within its bounds. */
export interface Gate {
  /** Runs `job` when a slot is free; rejects with {@linkcode UnavailableError} when the queue is full. */
  run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Jobs running and waiting now. */
  readonly load: { running: number; waiting: number };
}

/**
 * Creates a gate.
 *
 * @example Two conversions at once, four waiting
 * ```ts
 * const gate = createGate({ concurrency: 2, queue: 4, name: "PDF conversion" });
 * const markdown = await gate.run(() => convert(bytes));
 * ```
 */
export function createGate(options: GateOptions): Gate {
  const { concurrency, queue, name, retryAfterSeconds = 2 } = options;
  const load = { running: 0, waiting: 0 };
  const waiters: Array<() => void> = [];

  /** Hands the slot to the next waiter, or frees it. */
  function release() {
    const next = waiters.shift();
    if (next) next();
    else load.running--;
  }

  async function run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (load.running >= concurrency) {
      if (load.waiting >= queue) {
        throw new UnavailableError(`Too many requests for ${name}: try again shortly`, { retryAfterSeconds });
      }
      load.waiting++;
      try {
        await new Promise<void>((resolve, reject) => {
          const onAbort = () => {
            const index = waiters.indexOf(wake);
            if (index >= 0) waiters.splice(index, 1);
            reject(signal?.reason);
          };
          const wake = () => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
          };
          waiters.push(wake);
          signal?.addEventListener("abort", onAbort, { once: true });
        });
      } finally {
        load.waiting--;
      }
    } else {
      load.running++;
    }
    try {
      return await job();
    } finally {
      release();
    }
  }

  return { run, load };
}
