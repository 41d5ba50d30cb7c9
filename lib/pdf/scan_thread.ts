/**
 * PDF admission off the thread that serves requests. Pricing a PDF
 * (`cost_scan.ts`) inflates every content stream: for a large compressed
 * upload, seconds of CPU spent before anyone has paid, which on the serving
 * thread would hold up every other request (health checks included). Each
 * admission runs on a thread of its own (`scan_worker.ts`), started for it
 * and stopped after, so a scan past its time budget, or whose caller left,
 * ends at once with its thread. The upload's bytes are handed to that thread
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
import { UnavailableError, UnprocessableError, UpstreamTimeoutError } from "../shared/errors.ts";
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

/** Creates a scanner running at most `options.concurrency` admissions at once. */
export function createPdfScanner(options: ScanOptions = DEFAULT_SCAN_OPTIONS): PdfScanner {
  let running = 0;
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
      try {
        return await admitOnThread(
          packMoving({ limits: finiteLimits(limits), pages } satisfies ScanRequest, bytes),
          {
            ...options,
            signal,
          },
        );
      } finally {
        running--;
      }
    },
  };
}

/** Runs one admission on a thread of its own, stopped when it answers, runs out of time, or `signal` aborts. */
function admitOnThread(
  request: Packed,
  { timeBudgetMs, heapMb, signal }: ScanOptions & { signal?: AbortSignal },
): Promise<Admitted> {
  const worker = new Worker(new URL("./scan_worker.ts", import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  return new Promise<Admitted>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        stop(new UnprocessableError(`PDF too costly to price: its scan ran past ${timeBudgetMs / 1000} s`)),
      timeBudgetMs,
    );
    const onAbort = () => stop(callerLeft(signal!));
    signal?.addEventListener("abort", onAbort, { once: true });
    let settled = false;
    function stop(error?: Error, admitted?: Admitted) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else resolve(admitted!);
      // Its exit comes at once, as a call back into this function: settled, it is ignored.
      void worker.terminate();
    }
    worker.once("message", (packed: Packed) => {
      const { message, bytes } = unpack<ScanReply>(packed);
      if (message.type === "error") stop(rebuildFailure(message.error));
      else stop(undefined, { price: message.price, bytes });
    });
    worker.once("error", (error: Error & { code?: string }) =>
      stop(
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new UnprocessableError(`PDF too costly to price: its scan needs more than ${heapMb} MB`)
          : new Error(`PDF scan failed: ${error.message}`, { cause: error }),
      ));
    worker.once("exit", () => stop(new Error("PDF scan stopped")));
    worker.postMessage(request, request);
  });
}

/** The error for an admission whose caller left. */
function callerLeft(signal: AbortSignal): Error {
  return new UpstreamTimeoutError("PDF admission cancelled: the caller left", { cause: signal.reason });
}
