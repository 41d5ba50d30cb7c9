/**
 * A bounded pool of worker threads that convert PDFs, so untrusted documents
 * never run on the main thread: each worker has a hard JS heap ceiling (past
 * it the worker dies, not the process), and a conversion past its time budget
 * or whose caller left has its workers terminated at once. A large document is
 * split into page ranges across the idle workers and joined in page order,
 * the same result as one worker gives; small ones stay on one worker.
 * Workers start on demand and stop after a while idle.
 *
 * @module
 */
import { Worker } from "node:worker_threads";
import {
  InvalidInputError,
  PayloadTooLargeError,
  ServiceError,
  UnprocessableError,
  UpstreamTimeoutError,
} from "../errors.ts";
import type { ConversionResult, ConvertOptions, DocumentPlan } from "./convert.ts";
import type { PdfLimits } from "./limits.ts";
import type { PageRun } from "./page_run.ts";
import { pack, unpack } from "./wire.ts";
import type { WorkerFailure, WorkerReply, WorkerRequest } from "./worker.ts";

/** Settings of a pool. */
export interface PoolOptions {
  /** Worker threads at most. */
  workers: number;
  /** JS heap ceiling of each worker, in MB. */
  heapMb: number;
  /** Fewest selected pages for which a document is split across workers. */
  splitMinPages: number;
  /** A worker idle this long (ms) is stopped. */
  idleMs: number;
}

/** What a pool conversion takes. */
export interface PoolConvertOptions
  extends Pick<ConvertOptions, "pages" | "includePageBreaks" | "useStructTree"> {
  limits: PdfLimits;
  /** Ends the conversion (and its workers) when aborted. */
  signal?: AbortSignal;
}

/** A pool of PDF workers. */
export interface PdfPool {
  /** Most workers. */
  readonly size: number;
  /** Converts a PDF on the pool's workers; the caller's bytes are left intact. */
  convert(bytes: Uint8Array, options: PoolConvertOptions): Promise<ConversionResult>;
  /** Workers alive now, and started since creation. */
  readonly stats: { live: number; started: number };
  /** Stops every worker; conversions in flight fail. */
  close(): Promise<void>;
}

/** One worker thread, serving one request at a time. */
interface Thread {
  /** Sends `message` with the PDF's `bytes` when the request needs them. */
  request(message: WorkerRequest, bytes?: Uint8Array): Promise<WorkerReply>;
  terminate(): void;
  readonly dead: boolean;
  /** A request is in flight. */
  readonly busy: boolean;
}

/** Rebuilds a worker's error as the service's error of the same kind. */
function serviceError(failure: WorkerFailure): Error {
  switch (failure.kind) {
    case "invalid_input":
      return new InvalidInputError(failure.message);
    case "payload_too_large":
      return new PayloadTooLargeError(failure.message);
    case "unprocessable":
      return new UnprocessableError(failure.message);
    case "upstream_timeout":
      return new UpstreamTimeoutError(failure.message);
    case undefined:
      return new Error(failure.message);
    default:
      return new ServiceError(failure.kind, failure.message);
  }
}

/** Starts a worker thread with a heap ceiling of `heapMb`. */
function startThread(heapMb: number, onExit: () => void): Thread {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  let dead = false;
  let pending: { resolve(reply: WorkerReply): void; reject(error: Error): void } | undefined;
  const fail = (error: Error) => {
    pending?.reject(error);
    pending = undefined;
  };
  worker.on("message", (buffer: ArrayBuffer) => {
    const reply = unpack<WorkerReply>(buffer).message;
    const waiting = pending;
    pending = undefined;
    if (reply.type === "error") waiting?.reject(serviceError(reply.error));
    else waiting?.resolve(reply);
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
  });
  worker.unref();
  return {
    request(message, bytes) {
      if (dead) return Promise.reject(new Error("PDF worker stopped"));
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        const packed = pack(message, bytes);
        worker.postMessage(packed, [packed]);
      });
    },
    terminate() {
      dead = true;
      void worker.terminate();
    },
    get dead() {
      return dead;
    },
    get busy() {
      return pending !== undefined;
    },
  };
}

/** Splits `pages` into `parts` contiguous runs of nearly equal length. */
export function splitPages(pages: readonly number[], parts: number): number[][] {
  const runs: number[][] = [];
  for (let i = 0; i < parts; i++) {
    runs.push(
      pages.slice(Math.round((i * pages.length) / parts), Math.round(((i + 1) * pages.length) / parts)),
    );
  }
  return runs.filter((run) => run.length > 0);
}

/** The limits with every unbounded cap made a finite number, as JSON can carry it. */
function finite(limits: PdfLimits): PdfLimits {
  const out = { ...limits };
  for (const key of Object.keys(out) as (keyof PdfLimits)[]) {
    if (!Number.isFinite(out[key])) out[key] = Number.MAX_SAFE_INTEGER;
  }
  return out;
}

/** Creates a pool; no thread starts before the first conversion. */
export function createPdfPool(options: PoolOptions): PdfPool {
  const size = Math.max(1, Math.floor(options.workers));
  const idle: Thread[] = [];
  const idleTimers = new Map<Thread, ReturnType<typeof setTimeout>>();
  const waiters: Array<(thread: Thread) => void> = [];
  let live = 0;
  let started = 0;

  function spawn(): Thread {
    live++;
    started++;
    return startThread(options.heapMb, () => live--);
  }

  /** An idle or new thread, if one is free now. */
  function tryAcquire(): Thread | undefined {
    while (idle.length) {
      const thread = idle.pop()!;
      clearTimeout(idleTimers.get(thread));
      idleTimers.delete(thread);
      if (!thread.dead) return thread;
    }
    return live < size ? spawn() : undefined;
  }

  /** A thread, waiting for one when all are busy. */
  function acquire(signal: AbortSignal): Promise<Thread> {
    const thread = tryAcquire();
    if (thread) return Promise.resolve(thread);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        waiters.splice(waiters.indexOf(wake), 1);
        reject(signal.reason);
      };
      const wake = (next: Thread) => {
        signal.removeEventListener("abort", onAbort);
        resolve(next);
      };
      waiters.push(wake);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Hands a thread back (one still busy is stopped); a dead one is replaced for whoever waits. */
  function release(thread: Thread) {
    if (thread.busy) thread.terminate();
    const waiter = waiters.shift();
    if (waiter) {
      waiter(thread.dead ? spawn() : thread);
      return;
    }
    if (thread.dead) return;
    idle.push(thread);
    const timer = setTimeout(() => {
      idle.splice(idle.indexOf(thread), 1);
      idleTimers.delete(thread);
      thread.terminate();
    }, options.idleMs);
    Deno.unrefTimer(Number(timer));
    idleTimers.set(thread, timer);
  }

  async function run(bytes: Uint8Array, convert: PoolConvertOptions, used: Thread[], signal: AbortSignal) {
    const fields = { limits: finite(convert.limits), startedAt: Date.now() };
    const primary = await acquire(signal);
    used.push(primary);
    const planned = await primary.request({
      type: "plan",
      options: { pages: convert.pages, useStructTree: convert.useStructTree },
      ...fields,
    }, bytes);
    const { plan } = planned as { plan: DocumentPlan };
    const includePageBreaks = convert.includePageBreaks ?? false;
    const helpers: Thread[] = [];
    if (plan.selected.length >= options.splitMinPages) {
      for (let helper = tryAcquire(); helper; helper = helpers.length < size - 1 ? tryAcquire() : undefined) {
        helpers.push(helper);
        used.push(helper);
      }
    }
    const [first = [], ...rest] = splitPages(plan.selected, 1 + helpers.length);
    const extracting = primary.request({
      type: "extract",
      pages: first,
      finish: rest.length === 0,
      includePageBreaks,
      ...fields,
    });
    const others = rest.map((pages, i) =>
      helpers[i]!.request({ type: "extract_alone", pages, tagged: plan.tagged, ...fields }, bytes)
    );
    const [own, ...runs] = await Promise.all([extracting, ...others]);
    for (const helper of helpers) release(helper);
    used.splice(1);
    const done = rest.length === 0 ? own : await primary.request({
      type: "finish",
      rest: runs.map((r) => (r as { run: PageRun }).run),
      includePageBreaks,
    });
    return (done as { result: ConversionResult }).result;
  }

  async function convert(bytes: Uint8Array, convertOptions: PoolConvertOptions): Promise<ConversionResult> {
    const { limits } = convertOptions;
    const budget = AbortSignal.timeout(limits.timeBudgetMs);
    const signal = convertOptions.signal ? AbortSignal.any([convertOptions.signal, budget]) : budget;
    const used: Thread[] = [];
    let stopped: (error: Error) => void = () => {};
    const stop = new Promise<never>((_, reject) => stopped = reject);
    const onAbort = () => {
      for (const thread of used) thread.terminate();
      stopped(
        budget.aborted
          ? new UnprocessableError(
            `PDF conversion ran out of its ${limits.timeBudgetMs / 1000} s budget: choose fewer with "pages"`,
          )
          : abortError(signal.reason),
      );
    };
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      return await Promise.race([run(bytes, convertOptions, used, signal), stop]);
    } finally {
      signal.removeEventListener("abort", onAbort);
      for (const thread of used) release(thread);
    }
  }

  return {
    size,
    convert,
    get stats() {
      return { live, started };
    },
    close() {
      for (const thread of idle.splice(0)) thread.terminate();
      for (const timer of idleTimers.values()) clearTimeout(timer);
      idleTimers.clear();
      return Promise.resolve();
    },
  };
}

/** The error for a conversion whose caller cancelled. */
function abortError(reason: unknown): Error {
  if (reason instanceof ServiceError) return reason;
  return new UpstreamTimeoutError("PDF conversion cancelled: the request's time budget ran out", {
    cause: reason,
  });
}
