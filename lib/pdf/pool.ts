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
 * or all at once with `warm()`) and stop after a while idle. A helper
 * started between conversions loads pdf.js with its first document (about
 * 40 MB that an unused helper never pays); the workers `warm()` starts load
 * it at once, so the next document opens without compiling it first.
 *
 * @module
 */
import { ServiceError, UnprocessableError, UpstreamTimeoutError } from "../shared/errors.ts";
import type { ConversionResult, ConvertOptions, DocumentPlan } from "./convert.ts";
import type { PdfLimits } from "./limits.ts";
import { conversionMb, LARGE_DOCUMENT_PAGES, MAX_WORKER_HEAP_MB, workersFor } from "./memory.ts";
import { startThread, type Thread } from "./pool_thread.ts";
import type { WorkerReply } from "./worker.ts";

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

/**
 * Default pool: one worker per core, at most 2, each with the largest heap
 * ceiling `workerHeapMb` (`memory.ts`) gives (the service's configuration gives
 * each worker its share of the memory budget instead).
 */
export const DEFAULT_POOL_OPTIONS: Readonly<PoolOptions> = Object.freeze({
  workers: Math.max(1, Math.min(2, navigator.hardwareConcurrency || 1)),
  heapMb: MAX_WORKER_HEAP_MB,
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
  /**
   * Starts every missing worker now, so the next large document splits at
   * once (e.g. at service start); resolves when they have loaded pdf.js (a
   * conversion may take them before: its work waits for that loading).
   */
  warm(): Promise<void>;
  /** Stops every worker; conversions in flight fail. */
  close(): Promise<void>;
}

/** Fewest pages a worker extracts at a time (unless fewer are left), and most. */
const MIN_CHUNK = 8, MAX_CHUNK = 128;

/**
 * Pages of the next chunk to hand out when `remaining` selected pages are
 * left for `workers` workers. Every worker takes the next chunk as soon as it
 * is free, so the work evens out however fast each one goes (a worker also
 * reads the outline, another opens the document late); chunks shrink as the
 * pages run out, so the workers end close together, and stay large enough
 * that what each chunk costs (a message, the page's link annotations, fonts
 * met again) is small beside its pages. One worker takes every page at once.
 */
export function chunkSize(remaining: number, workers: number): number {
  if (workers <= 1) return remaining;
  const even = Math.ceil(remaining / (2 * workers));
  return Math.min(remaining, Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, even)));
}

/** A helper thread of a conversion, and its opening of the document. */
interface Helper {
  thread: Thread;
  opened: Promise<unknown>;
}

/** A conversion's share of the pool's memory budget. */
interface Budget {
  /** MB the conversion may hold: what the others leave. */
  free(): number;
  /** Sets what the conversion holds, in MB. */
  reserve(mb: number): void;
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

  /**
   * Starts a thread idle, loading pdf.js before any work it is handed (which
   * waits for that); resolves once pdf.js is loaded or the thread has died.
   */
  function startReady(): Promise<void> {
    const thread = spawn();
    park(thread);
    return thread.request({ type: "warm" }).then(() => {}, () => {});
  }

  /** Starts missing threads idle; resolves once each has loaded pdf.js. */
  async function warm() {
    const ready: Promise<void>[] = [];
    while (live < size) ready.push(startReady());
    await Promise.all(ready);
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

  /**
   * Stops using a helper (done, or not needed after all) once it has opened
   * the document: it closes it and is free for the next request, which waits
   * on the thread until the close is done. With `stop`, the thread ends
   * instead and a new one starts once the pool is quiet: a helper done with
   * a large document ({@linkcode LARGE_DOCUMENT_PAGES}) would otherwise stand,
   * pdf.js and all (some 55 MB on the R reference manual), beside the peak of
   * the worker finishing it.
   */
  function dismiss(helper: Helper, used: Thread[], stop = false) {
    used.splice(used.indexOf(helper.thread), 1);
    helper.opened.catch(() => {}).finally(() => {
      if (stop) {
        helper.thread.terminate();
        warmWhenQuiet();
      } else {
        helper.thread.post({ type: "close" });
      }
      release(helper.thread);
    });
  }

  async function run(
    bytes: Uint8Array,
    convert: PoolConvertOptions,
    used: Thread[],
    signal: AbortSignal,
    budget: Budget,
  ) {
    const fields = { limits: finite(convert.limits), startedAt: Date.now() };
    // Read before the bytes go to the worker (a transfer would leave them empty here).
    const inputBytes = bytes.byteLength;
    const primary = await acquire(signal);
    used.push(primary);
    // Idle helpers open the document while the primary plans it, if the memory budget could admit
    // them for a document of the fewest pages that is split; only threads already running help:
    // starting one now would stall this thread (see warmWhenQuiet).
    const helpers: Helper[] = [];
    const mayHelp = () =>
      conversionMb(options.splitMinPages, 2 + helpers.length, inputBytes) <= budget.free();
    for (let thread = size > 1 && mayHelp() ? idleThread() : undefined; thread;) {
      used.push(thread);
      const opened = thread.request({ type: "open", ...fields }, bytes);
      opened.catch(() => {}); // awaited once the plan wants the helper
      helpers.push({ thread, opened });
      thread = helpers.length < size - 1 && mayHelp() ? idleThread() : undefined;
    }
    budget.reserve(conversionMb(0, 1 + helpers.length, inputBytes));
    const planned = await primary.request({
      type: "plan",
      options: { pages: convert.pages, useStructTree: convert.useStructTree },
      ...fields,
    }, bytes);
    const { plan } = planned.reply as { plan: DocumentPlan };
    const pages = plan.selected.length;
    const wanted = pages >= options.splitMinPages ? workersFor(pages, size, budget.free(), inputBytes) : 1;
    if (helpers.length < wanted - 1) warmWhenQuiet();
    for (const helper of helpers.splice(Math.max(0, wanted - 1))) dismiss(helper, used);
    budget.reserve(conversionMb(pages, 1 + helpers.length, inputBytes));
    if (helpers.length > 0) split++;
    // Every worker takes the next chunk of pages when free; the primary keeps its runs, the
    // helpers answer theirs encoded, and the primary joins them all in page order at the end.
    // The helpers' runs stay encoded here until then: read as objects (some 2.5 times their
    // encoded size) while the primary's document is still open, they raised the pool's peak
    // on the R reference manual by some 20 MB.
    let next = 0;
    const encoded: Uint8Array[] = [];
    const extract = async (thread: Thread, keep: boolean) => {
      while (next < pages) {
        const done = next;
        next += chunkSize(pages - next, 1 + helpers.length);
        const answer = await thread.request({
          type: "extract",
          pages: plan.selected.slice(done, next),
          tagged: plan.tagged,
          keep,
          done,
          total: pages,
          ...fields,
        });
        if (!keep) encoded.push(answer.bytes);
      }
    };
    await Promise.all([
      // The outline is read by the primary while the helpers start on the pages.
      primary.request({ type: "outline" }).then(() => extract(primary, true)),
      // A helper done with its chunks closes the document (or stops) while the primary finishes.
      ...helpers.map(async (helper) => {
        await helper.opened;
        await extract(helper.thread, false);
        dismiss(helper, used, pages >= LARGE_DOCUMENT_PAGES);
      }),
    ]);
    // The runs are packed into the request: the parts can go now.
    const finished = primary.request({
      type: "finish",
      lengths: encoded.map((run) => run.length),
      includePageBreaks: convert.includePageBreaks ?? false,
    }, encoded);
    encoded.length = 0;
    const done = await finished;
    const { result, markdownInBytes } = done.reply as Extract<WorkerReply, { type: "result" }>;
    // The decoder keeps a leading byte-order mark, as the Markdown had it.
    if (markdownInBytes) result.markdown = new TextDecoder("utf-8", { ignoreBOM: true }).decode(done.bytes);
    return result;
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
    const share: Budget = {
      free: () => options.memoryMb - reservedMb + reserved,
      reserve(mb) {
        reservedMb += mb - reserved;
        reserved = mb;
      },
    };
    try {
      return await Promise.race([run(bytes, convertOptions, used, signal, share), stop]);
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

/** The error for a conversion whose caller cancelled. */
function abortError(reason: unknown): Error {
  if (reason instanceof ServiceError) return reason;
  return new UpstreamTimeoutError("PDF conversion cancelled: the request's time budget ran out", {
    cause: reason,
  });
}
