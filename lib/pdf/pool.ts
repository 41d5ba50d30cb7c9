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
 * or all at once with `warm()`) and stop after a while idle (`pool_roster.ts`). A helper
 * started between conversions loads pdf.js with its first document (about
 * 40 MB that an unused helper never pays); the workers `warm()` starts load
 * it at once, so the next document opens without compiling it first.
 *
 * @module
 */
import { ServiceError, UnprocessableError, UpstreamTimeoutError } from "../shared/errors.ts";
import type { PdfPrice } from "./admission.ts";
import type { ConversionResult, ConvertOptions, DocumentPlan } from "./convert.ts";
import { finiteLimits, type PdfLimits } from "./limits.ts";
import { checkPricedPages } from "./admission.ts";
import { LARGE_DOCUMENT_PAGES, MAX_WORKER_HEAP_MB, memoryEstimate } from "./memory.ts";
import type { Thread } from "./pool_thread.ts";
import { type Helper, ThreadRoster } from "./pool_roster.ts";
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
  /**
   * The document's admission price: reserved for each worker it runs on
   * (each parses the whole file), and its pages the most it may turn out to
   * have. Without it the memory is estimated from the size (`memory.ts`).
   */
  price?: PdfPrice;
  /**
   * Runs on a thread of its own, the idle threads stopped first, and stops
   * that thread at the end: resolves or rejects only once it has exited, so
   * memory borrowed for it (`shared/room_loan.ts`) is back when it settles.
   */
  alone?: boolean;
}

/** A pool of PDF workers. */
export interface PdfPool {
  /** Most workers. */
  readonly size: number;
  /** Converts a PDF on the pool's workers; the caller's bytes are left intact. */
  convert(bytes: Uint8Array, options: PoolConvertOptions): Promise<ConversionResult>;
  /** Workers alive now, started since creation, and conversions split across workers. */
  readonly stats: { live: number; started: number; split: number; reservedMb: number };
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

/** A conversion's share of the pool's memory budget. */
interface Budget {
  /** MB the conversion may hold: what the others leave. */
  free(): number;
  /** Sets what the conversion holds, in MB. */
  reserve(mb: number): void;
}

/** Creates a pool; no thread starts before the first conversion. */
export function createPdfPool(options: PoolOptions): PdfPool {
  let split = 0;
  /** Conversions in flight. */
  let running = 0;
  /** Memory estimates of the conversions in flight past their plan, in MB. */
  let reservedMb = 0;
  const roster = new ThreadRoster({ ...options, quiet: () => running === 0 });
  const size = roster.size;

  async function run(
    bytes: Uint8Array,
    convert: PoolConvertOptions,
    used: Thread[],
    signal: AbortSignal,
    budget: Budget,
  ) {
    const fields = { limits: finiteLimits(convert.limits), startedAt: Date.now() };
    const estimate = memoryEstimate(bytes.byteLength, convert.price?.bytes);
    const primary = convert.alone ? await roster.acquireAlone() : await roster.acquire(signal);
    if (signal.aborted) {
      // Stopped while the thread was handed over: the watch found no thread to stop, so this one goes back.
      if (convert.alone) primary.terminate();
      roster.release(primary);
      throw signal.reason;
    }
    used.push(primary);
    const helpers = openOnHelpers(roster, bytes, fields, used, (helping) =>
      // The budget could admit them for a document of the fewest pages that is split.
      !convert.alone && estimate.mb(options.splitMinPages, 2 + helping) <= budget.free());
    budget.reserve(estimate.mb(0, 1 + helpers.length));
    const plan = await planDocument(primary, convert, fields, bytes);
    const pages = plan.selected.length;
    checkPricedPages(pages, convert.price);
    const wanted = pages >= options.splitMinPages ? estimate.workers(pages, size, budget.free()) : 1;
    if (helpers.length < wanted - 1) roster.warmWhenQuiet();
    for (const helper of helpers.splice(Math.max(0, wanted - 1))) roster.dismiss(helper, used);
    budget.reserve(estimate.mb(pages, 1 + helpers.length));
    if (helpers.length > 0) split++;
    const encoded = await extractPages(roster, primary, helpers, plan, fields, used);
    return await finishConversion(primary, encoded, convert.includePageBreaks ?? false);
  }

  /** The share of the pool's memory one conversion holds: what the others leave it. */
  function memoryShare(): Budget & { held(): number } {
    let reserved = 0;
    return {
      free: () => options.memoryMb - reservedMb + reserved,
      reserve(mb) {
        reservedMb += mb - reserved;
        reserved = mb;
      },
      held: () => reserved,
    };
  }

  async function convert(bytes: Uint8Array, convertOptions: PoolConvertOptions): Promise<ConversionResult> {
    const used: Thread[] = [];
    const watch = watchConversion(convertOptions, used);
    running++;
    const share = memoryShare();
    const work = run(bytes, convertOptions, used, watch.signal, share);
    try {
      return await Promise.race([work, watch.stopped]);
    } finally {
      running--;
      reservedMb -= share.held();
      watch.detach();
      // A thread of its own ends with its conversion, and the conversion settles once it has exited.
      if (convertOptions.alone) await work.then(() => stopAll(used), () => stopAll(used));
      for (const thread of used) roster.release(thread);
    }
  }

  return {
    size,
    convert,
    get stats() {
      return { ...roster.stats, split, reservedMb };
    },
    warm: () => roster.warm(),
    close() {
      roster.close();
      return Promise.resolve();
    },
  };
}

/**
 * Stops `threads` and resolves once each has exited and the process's memory
 * has stopped falling: a stopped worker's isolate is freed some 30–60 ms
 * after its exit is reported. Measured on the 2,500-page text-dense PDF:
 * RSS some 140 MB over its level before the conversion at the exit, then
 * back to that level (290 MB before, 290 and 293 after two conversions, the
 * process's one-time growth at its first conversion aside), where a worker
 * kept alive held some 95 MB more. The borrowed room goes back only then.
 */
async function stopAll(threads: Thread[]): Promise<void> {
  for (const thread of threads) thread.terminate();
  await Promise.all(threads.map((thread) => thread.exited));
  await memorySettled();
}

/** Resolves once the process's RSS has not fallen for two readings 20 ms apart, or after a second. */
async function memorySettled(): Promise<void> {
  const giveUp = Date.now() + 1000;
  let last = Deno.memoryUsage().rss;
  for (let steady = 0; steady < 2 && Date.now() < giveUp;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = Deno.memoryUsage().rss;
    steady = now < last - 2 ** 20 ? 0 : steady + 1;
    last = now;
  }
}

/** What every request of one conversion carries: its limits and when it started. */
type ConversionFields = { limits: PdfLimits; startedAt: number };

/**
 * Idle helpers open the document while the primary plans it, as many as
 * `mayHelp(helping)` admits; only threads already running help: starting
 * one now would stall this thread (see `warmWhenQuiet`).
 */
function openOnHelpers(
  roster: ThreadRoster,
  bytes: Uint8Array,
  fields: ConversionFields,
  used: Thread[],
  mayHelp: (helping: number) => boolean,
): Helper[] {
  const helpers: Helper[] = [];
  for (let thread = roster.size > 1 && mayHelp(0) ? roster.idleThread() : undefined; thread;) {
    used.push(thread);
    const opened = thread.request({ type: "open", ...fields }, bytes);
    opened.catch(() => {}); // awaited once the plan wants the helper
    helpers.push({ thread, opened });
    thread = helpers.length < roster.size - 1 && mayHelp(helpers.length) ? roster.idleThread() : undefined;
  }
  return helpers;
}

/** The primary's plan of the document: the pages selected, and whether it is tagged. */
async function planDocument(
  primary: Thread,
  convert: PoolConvertOptions,
  fields: ConversionFields,
  bytes: Uint8Array,
): Promise<DocumentPlan> {
  const planned = await primary.request({
    type: "plan",
    options: { pages: convert.pages, useStructTree: convert.useStructTree },
    ...fields,
  }, bytes);
  return (planned.reply as { plan: DocumentPlan }).plan;
}

/**
 * Every worker takes the next chunk of pages when free; the primary keeps its
 * runs, the helpers answer theirs encoded, and the primary joins them all in
 * page order at the end. The helpers' runs stay encoded here until then: read
 * as objects (some 2.5 times their encoded size) while the primary's document
 * is still open, they raised the pool's peak on the R reference manual by
 * some 20 MB. Resolves with the helpers' encoded runs.
 */
async function extractPages(
  roster: ThreadRoster,
  primary: Thread,
  helpers: Helper[],
  plan: DocumentPlan,
  fields: ConversionFields,
  used: Thread[],
): Promise<Uint8Array[]> {
  const pages = plan.selected.length;
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
      roster.dismiss(helper, used, pages >= LARGE_DOCUMENT_PAGES);
    }),
  ]);
  return encoded;
}

/** The primary joins its runs with the helpers' `encoded` ones and writes the Markdown. */
async function finishConversion(
  primary: Thread,
  encoded: Uint8Array[],
  includePageBreaks: boolean,
): Promise<ConversionResult> {
  // The runs are packed into the request: the parts can go now.
  const finished = primary.request({
    type: "finish",
    lengths: encoded.map((run) => run.length),
    includePageBreaks,
  }, encoded);
  encoded.length = 0;
  const done = await finished;
  const { result, markdownInBytes } = done.reply as Extract<WorkerReply, { type: "result" }>;
  // The decoder keeps a leading byte-order mark, as the Markdown had it.
  if (markdownInBytes) result.markdown = new TextDecoder("utf-8", { ignoreBOM: true }).decode(done.bytes);
  return result;
}

/**
 * The signal a conversion runs under (the caller's, and its time budget),
 * and a promise that rejects, once the conversion's threads are stopped, when
 * that signal aborts. `detach` stops watching.
 */
function watchConversion(
  { limits, signal: callerSignal }: PoolConvertOptions,
  used: Thread[],
): { signal: AbortSignal; stopped: Promise<never>; detach(): void } {
  // Timers take at most 2^31 - 1 ms; a longer budget is no budget.
  const budget = limits.timeBudgetMs < 2 ** 31
    ? AbortSignal.timeout(limits.timeBudgetMs)
    : new AbortController().signal;
  const signal = callerSignal ? AbortSignal.any([callerSignal, budget]) : budget;
  let stop: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => stop = reject);
  const onAbort = () => {
    for (const thread of used) thread.terminate();
    stop(
      budget.aborted
        ? new UnprocessableError(
          `PDF conversion ran out of its ${limits.timeBudgetMs / 1000} s budget: choose fewer with "pages"`,
        )
        : abortError(signal.reason),
    );
  };
  if (signal.aborted) onAbort();
  signal.addEventListener("abort", onAbort, { once: true });
  return { signal, stopped, detach: () => signal.removeEventListener("abort", onAbort) };
}

/** The error for a conversion whose caller cancelled. */
function abortError(reason: unknown): Error {
  if (reason instanceof ServiceError) return reason;
  return new UpstreamTimeoutError("PDF conversion cancelled: the request's time budget ran out", {
    cause: reason,
  });
}
