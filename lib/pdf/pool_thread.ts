/**
 * One PDF worker thread as the pool drives it: a `node:worker_threads` worker
 * (the only kind with a heap ceiling here) serving its requests one at a
 * time, in the order sent, whose failures come back as the service's errors.
 * Past its heap ceiling the thread dies alone, as `ERR_WORKER_OUT_OF_MEMORY`,
 * which becomes a 422. A thread holds the process open only while one of its
 * requests is unanswered: a conversion in flight keeps a process that awaits
 * it alive, and an idle thread never stops one from exiting.
 *
 * @module
 */
import { Worker } from "node:worker_threads";
import { UnprocessableError } from "../shared/errors.ts";
import { pack, type Packed, rebuildFailure, unpack } from "./thread_messages.ts";
import type { WorkerReply, WorkerRequest } from "./worker.ts";

/** A worker's reply and the bytes packed with it (empty when there are none). */
export interface Answer {
  reply: WorkerReply;
  bytes: Uint8Array;
}

/** One worker thread, serving one request at a time, in the order they were sent. */
export interface Thread {
  /**
   * Sends `message` with `bytes` (the PDF, or runs to join) when the request
   * needs them; a request sent while others are unanswered waits for them.
   */
  request(message: WorkerRequest, bytes?: Uint8Array | readonly Uint8Array[]): Promise<Answer>;
  /** Sends a request that is not answered (`close`); the thread serves the next request after it. */
  post(message: WorkerRequest): void;
  terminate(): void;
  readonly dead: boolean;
  /** Resolves once the thread has ended (its isolate, heap and all, freed). */
  readonly exited: Promise<void>;
  /** A request is unanswered. */
  readonly busy: boolean;
}

/**
 * Young generation of each worker, in MB. V8's default for these heaps let a
 * worker's peak RSS reach 394–416 MB on 1,200 pages of the R reference manual;
 * 16 MB held it at 349 MB for the same CPU time within the noise of a shared
 * machine (8 MB saved no more and cost more collections).
 */
const YOUNG_GENERATION_MB = 16;

/** Starts a worker thread with a heap ceiling of `heapMb`; `onExit` runs when it ends. */
export function startThread(heapMb: number, onExit: () => void): Thread {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  let dead = false;
  const exited = Promise.withResolvers<void>();
  /** The unanswered requests, oldest first: the worker answers in the order it was asked. */
  const pending: Array<{ resolve(answer: Answer): void; reject(error: Error): void }> = [];
  const fail = (error: Error) => {
    for (const waiting of pending.splice(0)) waiting.reject(error);
    worker.unref();
  };
  worker.on("message", (packed: Packed) => {
    const { message: reply, bytes } = unpack<WorkerReply>(packed);
    const waiting = pending.shift();
    if (pending.length === 0) worker.unref();
    if (reply.type === "error") waiting?.reject(rebuildFailure(reply.error));
    else waiting?.resolve({ reply, bytes });
  });
  worker.on("error", (error: Error & { code?: string }) => {
    dead = true;
    fail(
      error.code === "ERR_WORKER_OUT_OF_MEMORY"
        ? new UnprocessableError(
          `PDF too costly to convert: it needs more than the ${heapMb} MB of memory a conversion may use`,
          { cause: error },
        )
        : new Error(`PDF worker failed: ${error.message}`, { cause: error }),
    );
  });
  worker.on("exit", () => {
    dead = true;
    fail(new Error("PDF worker stopped"));
    onExit();
    exited.resolve();
  });
  worker.unref();
  return {
    request(message, bytes) {
      if (dead) return Promise.reject(new Error("PDF worker stopped"));
      return new Promise((resolve, reject) => {
        // A request unanswered holds the process open, as an idle thread never does.
        if (pending.length === 0) worker.ref();
        pending.push({ resolve, reject });
        const packed = pack(message, bytes);
        worker.postMessage(packed, packed);
      });
    },
    post(message) {
      if (dead) return;
      const packed = pack(message);
      worker.postMessage(packed, packed);
    },
    terminate() {
      dead = true;
      void worker.terminate();
    },
    get dead() {
      return dead;
    },
    exited: exited.promise,
    get busy() {
      return pending.length > 0;
    },
  };
}
