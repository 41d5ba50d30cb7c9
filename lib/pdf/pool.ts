/**
 * A bounded pool of worker threads that convert PDFs, so untrusted documents
 * never run on the main thread: each worker has a JS heap ceiling (past it
 * the worker usually dies alone; it held in isolated runs but not in every
 * long-running process, so the caps inside pdf.js, `guard.ts`, are what bound
 * memory), and a conversion past its time budget
 * or whose caller left has its workers terminated at once. A large document is
 * split into page ranges across the idle workers and joined in page order,
 * the same result as one worker gives; small ones stay on one worker, and a
 * large one takes a second worker only when its memory estimate (`memory.ts`)
 * for that many workers fits in what the pool's memory budget has left.
 * Workers start on demand (helpers for splitting only between conversions,
 * or all at once with `warm()`) and stop after a while idle.
 *
 * @module
 */
import { ServiceError, UnprocessableError, UpstreamTimeoutError } from "../errors.ts";
import type { ConversionResult, ConvertOptions, DocumentPlan } from "./convert.ts";
import type { PdfLimits } from "./limits.ts";
import { conversionMb, workersFor } from "./memory.ts";
import { startThread, type Thread } from "./pool_thread.ts";

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
  /** Memory the pool's conversions may take at once, in MB (`Infinity`: no bound on splitting). */
  memoryMb: number;
}

/** Default pool: one worker per core, at most 2, each with a 256 MB heap. */
export const DEFAULT_POOL_OPTIONS: Readonly<PoolOptions> = Object.freeze({
  workers: Math.max(1, Math.min(2, navigator.hardwareConcurrency || 1)),
  heapMb: 256,
  splitMinPages: 64,
  idleMs: 30_000,
  memoryMb: Infinity,
});

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
  /** Workers alive now, started since creation, and conversions split across workers. */
  readonly stats: { live: number; started: number; split: number };
  /** Starts every worker now, so the next large document splits at once (e.g. at service start). */
  warm(): void;
  /** Stops every worker; conversions in flight fail. */
  close(): Promise<void>;
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
  let split = 0;
  /** Conversions in flight. */
  let running = 0;
  /** Memory estimates of the conversions in flight past their plan, in MB. */
  let reservedMb = 0;
  let warming: ReturnType<typeof setTimeout> | undefined;

  function spawn(): Thread {
    live++;
    started++;
    return startThread(options.heapMb, () => live--);
  }

  /** An idle live thread, if there is one. */
  function idleThread(): Thread | undefined {
    while (idle.length) {
      const thread = idle.pop()!;
      clearTimeout(idleTimers.get(thread));
      idleTimers.delete(thread);
      if (!thread.dead) return thread;
    }
    return undefined;
  }

  /** An idle or new thread, if one is free now. */
  function tryAcquire(): Thread | undefined {
    return idleThread() ?? (live < size ? spawn() : undefined);
  }

  /** Keeps a thread idle until it is wanted or has idled `idleMs`. */
  function park(thread: Thread) {
    idle.push(thread);
    const timer = setTimeout(() => {
      idle.splice(idle.indexOf(thread), 1);
      idleTimers.delete(thread);
      thread.terminate();
    }, options.idleMs);
    Deno.unrefTimer(Number(timer));
    idleTimers.set(thread, timer);
  }

  /** Starts missing threads idle. */
  function warm() {
    while (live < size) park(spawn());
  }

  /**
   * Starts the missing helpers once no conversion runs, one per second:
   * starting a thread holds this thread for a few hundred milliseconds, which
   * a conversion in flight, or a second start right after, would add to every
   * other request's wait.
   */
  function warmWhenQuiet() {
    if (warming !== undefined) return;
    warming = setTimeout(() => {
      warming = undefined;
      if (running === 0 && live < size) park(spawn());
      if (live < size) warmWhenQuiet();
    }, 1000);
    Deno.unrefTimer(Number(warming));
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
    if (!thread.dead) park(thread);
  }

  async function run(
    bytes: Uint8Array,
    convert: PoolConvertOptions,
    used: Thread[],
    signal: AbortSignal,
    reserve: (mb: number) => void,
  ) {
    const fields = { limits: finite(convert.limits), startedAt: Date.now() };
    // Read before the bytes go to the worker (a transfer would leave them empty here).
    const inputBytes = bytes.byteLength;
    const primary = await acquire(signal);
    used.push(primary);
    const planned = await primary.request({
      type: "plan",
      options: { pages: convert.pages, useStructTree: convert.useStructTree },
      ...fields,
    }, bytes);
    const { plan } = planned.reply as { plan: DocumentPlan };
    const includePageBreaks = convert.includePageBreaks ?? false;
    const helpers: Thread[] = [];
    const pages = plan.selected.length;
    const wanted = pages >= options.splitMinPages
      ? workersFor(pages, size, options.memoryMb - reservedMb, inputBytes)
      : 1;
    // Only threads already running help: starting one now would stall this thread (see warmWhenQuiet).
    for (let helper = wanted > 1 ? idleThread() : undefined; helper;) {
      helpers.push(helper);
      used.push(helper);
      helper = helpers.length < wanted - 1 ? idleThread() : undefined;
    }
    if (helpers.length < wanted - 1) warmWhenQuiet();
    reserve(conversionMb(pages, 1 + helpers.length, inputBytes));
    const [first = [], ...rest] = splitPages(plan.selected, 1 + helpers.length);
    if (rest.length > 0) split++;
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
    // The helpers' runs go on to the primary as the JSON they came in, unparsed here.
    const done = rest.length === 0 ? own : await primary.request({
      type: "finish",
      lengths: runs.map((r) => r.bytes.length),
      includePageBreaks,
    }, concat(runs.map((r) => r.bytes)));
    return (done.reply as { result: ConversionResult }).result;
  }

  async function convert(bytes: Uint8Array, convertOptions: PoolConvertOptions): Promise<ConversionResult> {
    const { limits } = convertOptions;
    // Timers take at most 2^31 - 1 ms; a longer budget is no budget.
    const budget = limits.timeBudgetMs < 2 ** 31
      ? AbortSignal.timeout(limits.timeBudgetMs)
      : new AbortController().signal;
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
    running++;
    let reserved = 0;
    const reserve = (mb: number) => {
      reserved = mb;
      reservedMb += mb;
    };
    try {
      return await Promise.race([run(bytes, convertOptions, used, signal, reserve), stop]);
    } finally {
      running--;
      reservedMb -= reserved;
      signal.removeEventListener("abort", onAbort);
      for (const thread of used) release(thread);
    }
  }

  return {
    size,
    convert,
    get stats() {
      return { live, started, split };
    },
    warm,
    close() {
      clearTimeout(warming);
      for (const thread of idle.splice(0)) thread.terminate();
      for (const timer of idleTimers.values()) clearTimeout(timer);
      idleTimers.clear();
      return Promise.resolve();
    },
  };
}

/** `parts` one after another in one array. */
function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The error for a conversion whose caller cancelled. */
function abortError(reason: unknown): Error {
  if (reason instanceof ServiceError) return reason;
  return new UpstreamTimeoutError("PDF conversion cancelled: the request's time budget ran out", {
    cause: reason,
  });
}
