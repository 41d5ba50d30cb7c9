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
 * The conversion's steps live in `pool_steps.ts`, its stopping in
 * `pool_watch.ts`, the pool's settings in `pool_options.ts`.
 *
 * @module
 */
import type { ConversionResult } from "./convert.ts";
import { finiteLimits } from "./limits.ts";
import { checkPricedPages } from "./admission.ts";
import { memoryEstimate } from "./memory.ts";
import type { PdfPool, PoolConvertOptions, PoolOptions } from "./pool_options.ts";
import { extractPages, finishConversion, openOnHelpers, planDocument } from "./pool_steps.ts";
import type { Thread } from "./pool_thread.ts";
import { ThreadRoster } from "./pool_roster.ts";
import { stopAll, watchConversion } from "./pool_watch.ts";

export { DEFAULT_POOL_OPTIONS } from "./pool_options.ts";
export type { PdfPool, PoolConvertOptions, PoolOptions } from "./pool_options.ts";
export { chunkSize } from "./pool_steps.ts";

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
  const pool: PoolParts = { options, roster, countSplit: () => split++ };

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
    const work = runConversion(pool, bytes, convertOptions, used, watch.signal, share);
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
    size: roster.size,
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

/** What a conversion uses of the pool it runs in. */
interface PoolParts {
  readonly options: PoolOptions;
  readonly roster: ThreadRoster;
  /** Counts a conversion split across workers, for the pool's stats. */
  countSplit(): void;
}

/**
 * Converts `bytes` on threads of `pool`: plans the document on one thread,
 * keeps as many helpers as its pages and the memory `budget` admit, and
 * extracts the pages across them. Every thread taken is added to `used`,
 * which the caller releases.
 */
async function runConversion(
  pool: PoolParts,
  bytes: Uint8Array,
  convert: PoolConvertOptions,
  used: Thread[],
  signal: AbortSignal,
  budget: Budget,
): Promise<ConversionResult> {
  const { options, roster } = pool;
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
  const wanted = pages >= options.splitMinPages ? estimate.workers(pages, roster.size, budget.free()) : 1;
  if (helpers.length < wanted - 1) roster.warmWhenQuiet();
  for (const helper of helpers.splice(Math.max(0, wanted - 1))) roster.dismiss(helper, used);
  budget.reserve(estimate.mb(pages, 1 + helpers.length));
  if (helpers.length > 0) pool.countSplit();
  const encoded = await extractPages(roster, primary, helpers, plan, fields, used);
  return await finishConversion(primary, encoded, convert.includePageBreaks ?? false);
}
