/**
 * PDF admission off the thread that serves requests. Pricing a PDF
 * (`cost_scan.ts`) inflates every content stream: for a large compressed
 * upload, seconds of CPU spent before anyone has paid, which on the serving
 * thread would hold up every other request (health checks included). Each
 * admission runs on a thread of its own (`scan_worker.ts`), kept a while
 * for the next (starting a thread holds this one for a moment), and a scan
 * past its time budget, or whose caller left, ends at once with its thread. The upload's bytes are handed to that thread
 * and back, never copied, so the process holds them once; while they are
 * away, the caller's view of them is empty.
 *
 * Few scans run at once: each is unpaid work, and a scan's thread holds the
 * streams it inflates (a piece at a time, a small stream whole, an object
 * stream's text). Past the cap, a caller is told to come back (503 with
 * `Retry-After`) and nothing is charged.
 *
 * @module
 */
import { Worker } from "node:worker_threads";
import {
  ServiceError,
  UnavailableError,
  UnprocessableError,
  UpstreamTimeoutError,
} from "../shared/errors.ts";
import { IdleKeeper } from "../shared/idle_keeper.ts";
import { checkPdfUpload, type PdfPrice } from "./admission.ts";
import { finiteLimits, type PdfLimits } from "./limits.ts";
import type { ScanReply, ScanRequest } from "./scan_worker.ts";
import { type Packed, packMoving, rebuildFailure, unpack } from "./thread_messages.ts";

/** How PDF admissions run. */
export interface ScanOptions {
  /** Admissions that may run at once; more are refused with 503. */
  concurrency: number;
  /** Wall-clock budget of one admission, in milliseconds (past it → 422). */
  timeBudgetMs: number;
  /** JS heap ceiling of a scan's thread, in MB (past it → 422). */
  heapMb: number;
}

/**
 * Two at once (the pool's default number of conversions), 10 s each (a
 * 100 MB PDF of deflated text scans in a few), a 256 MB heap ceiling (the
 * text of one object stream is at most the 64 MB stream cap).
 */
export const DEFAULT_SCAN_OPTIONS: Readonly<ScanOptions> = Object.freeze({
  concurrency: 2,
  timeBudgetMs: 10_000,
  heapMb: 256,
});

/** An admitted upload: its price, and its bytes as they came back. */
export interface Admitted {
  price: PdfPrice;
  bytes: Uint8Array;
}

/** Admits uploads on threads of their own. */
export interface PdfScanner {
  /**
   * Admits `bytes` (the `pages` of them) under `limits` on a thread of its
   * own: resolves with the price and the bytes, which the caller uses from
   * then on (the ones it passed are emptied while away).
   *
   * @throws {UnavailableError} As many admissions are running as may (503, `Retry-After`).
   * @throws {UnprocessableError} Too costly (`admission.ts`), or the scan ran past its time or heap.
   * @throws {UpstreamTimeoutError} `signal` aborted: the caller left.
   */
  admit(
    bytes: Uint8Array,
    pages: string | undefined,
    limits: PdfLimits,
    signal?: AbortSignal,
  ): Promise<Admitted>;
  /** Admissions running now. */
  readonly running: number;
}

/** A thread that prices uploads, one at a time; `ready` once its code is loaded. */
interface ScanThread {
  worker: Worker;
  ready: Promise<void>;
  dead: boolean;
}

/** An idle thread is stopped after this long, in milliseconds. */
const IDLE_MS = 30_000;

/** Creates a scanner running at most `options.concurrency` admissions at once. */
export function createPdfScanner(options: ScanOptions = DEFAULT_SCAN_OPTIONS): PdfScanner {
  let running = 0;
  /** Threads waiting for the next upload (starting one holds this thread for a moment: they are kept a while). */
  const idle = new IdleKeeper<ScanThread>({
    idleMs: IDLE_MS,
    retire: (thread) => void thread.worker.terminate(),
  });
  const takeThread = (): ScanThread => {
    const thread = idle.take() ?? startScanThread(options.heapMb, (gone) => idle.drop(gone));
    // A scan in flight keeps the process running; an idle thread does not.
    thread.worker.ref();
    return thread;
  };
  const giveBack = (thread: ScanThread) => {
    if (thread.dead) return;
    thread.worker.unref();
    idle.keep(thread);
  };
  return {
    get running() {
      return running;
    },
    async admit(bytes, pages, limits, signal) {
      // A file too large or no PDF at all is refused here, with no thread started.
      checkPdfUpload(bytes, limits);
      if (running >= options.concurrency) {
        throw new UnavailableError("Too many PDFs being priced at once: try again shortly", {
          retryAfterSeconds: 1,
        });
      }
      if (signal?.aborted) throw callerLeft(signal);
      running++;
      const thread = takeThread();
      try {
        const request = packMoving({ limits: finiteLimits(limits), pages } satisfies ScanRequest, bytes);
        const admitted = await admitOnThread(thread, request, { ...options, signal });
        giveBack(thread);
        return admitted;
      } catch (error) {
        // Refused by the scan: the thread serves the next upload; stopped or failed: it is gone.
        if (error instanceof ServiceError && !thread.dead) giveBack(thread);
        throw error;
      } finally {
        running--;
      }
    },
  };
}

/** Starts a scan thread; `onExit` runs when it ends. */
function startScanThread(heapMb: number, onExit: (thread: ScanThread) => void): ScanThread {
  const worker = new Worker(new URL("./scan_worker.ts", import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  const thread: ScanThread = {
    worker,
    dead: false,
    // The thread says it is ready once its code is loaded.
    ready: new Promise((resolve) => worker.once("message", () => resolve())),
  };
  worker.once("exit", () => {
    thread.dead = true;
    onExit(thread);
  });
  return thread;
}

/**
 * Runs one admission on `thread`; its time budget starts once the thread's
 * code is loaded. Past the budget, or when `signal` aborts, the thread is
 * stopped.
 */
function admitOnThread(
  thread: ScanThread,
  request: Packed,
  { timeBudgetMs, heapMb, signal }: ScanOptions & { signal?: AbortSignal },
): Promise<Admitted> {
  const { worker } = thread;
  return new Promise<Admitted>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => stop(callerLeft(signal!), true);
    signal?.addEventListener("abort", onAbort, { once: true });
    let settled = false;
    const onMessage = (packed: Packed) => {
      const { message, bytes } = unpack<ScanReply>(packed);
      if (message.type === "error") stop(rebuildFailure(message.error));
      else stop(undefined, false, { price: message.price, bytes });
    };
    const onError = (error: Error & { code?: string }) =>
      stop(
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new UnprocessableError(`PDF too costly to price: its scan needs more than ${heapMb} MB`)
          : new Error(`PDF scan failed: ${error.message}`, { cause: error }),
        true,
      );
    const onExit = () => stop(new Error("PDF scan stopped"));
    function stop(error: Error | undefined, terminate = false, admitted?: Admitted) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      if (terminate) {
        thread.dead = true;
        void worker.terminate();
      }
      if (error) reject(error);
      else resolve(admitted!);
    }
    worker.once("error", onError);
    worker.once("exit", onExit);
    void thread.ready.then(() => {
      if (settled) return;
      timer = setTimeout(
        () =>
          stop(
            new UnprocessableError(`PDF too costly to price: its scan ran past ${timeBudgetMs / 1000} s`),
            true,
          ),
        timeBudgetMs,
      );
      worker.once("message", onMessage);
      worker.postMessage(request, request);
    });
  });
}

/** The error for an admission whose caller left. */
function callerLeft(signal: AbortSignal): Error {
  return new UpstreamTimeoutError("PDF admission cancelled: the caller left", { cause: signal.reason });
}
