/**
 * Limits of PDF conversion and the service that applies them: a gate that
 * bounds how many conversions run at once (more wait in a short queue, past
 * that callers get a 503 with `Retry-After`) and the pool of worker threads
 * that does the work off the main thread.
 *
 * @module
 */

/** Caps on what one document may make pdf.js spend (a breach → 422). */
export interface CostLimits {
  /** Most bytes one stream may decode to. */
  maxStreamBytes: number;
  /** Most graphics states (`q`) saved at once. */
  maxSaveDepth: number;
  /** Most operators read on one page (text extraction and font lookup together). */
  maxOperatorsPerPage: number;
  /** Most annotations on one page. */
  maxAnnotationsPerPage: number;
  /** Most entries in one character map (`ToUnicode`, embedded CMaps). */
  maxCMapEntries: number;
}

/** Caps applied to each conversion. */
export interface PdfLimits extends CostLimits {
  /** Largest accepted file, in bytes (larger → 413). */
  maxBytes: number;
  /** Most pages converted per request (more → 413). */
  maxPages: number;
  /** Most memory one conversion may be priced at (`admission.ts`), in bytes (more → 422). */
  maxCostBytes: number;
  /**
   * Most memory a conversion may be priced at when it borrows the audio jobs'
   * room (runs alone, while no audio job does), in bytes; none when absent.
   */
  borrowCostBytes?: number;
  /** The `MEMORY_BUDGET_MB` the caps derive from, named with the budget that would admit a refused PDF. */
  memoryBudgetMb?: number;
  /** Wall-clock budget of one conversion, in milliseconds (past it → 422). */
  timeBudgetMs: number;
}

/** Megabytes, in bytes. */
const MB = 1024 * 1024;

/**
 * Default caps: 100 MB, 5,000 pages, 384 MB of memory a conversion (the R reference manual, 2,415 pages,
 * is priced 293 MB), 20 s; streams up to 64 MB decoded, `q`
 * nested 256 deep, 2 million operators and 5,000 annotations a page, 262,144
 * character-map entries. Real documents stay far below the cost caps: a
 * 2,415-page manual peaks at a few thousand operators a page.
 */
export const DEFAULT_PDF_LIMITS: Readonly<PdfLimits> = Object.freeze({
  maxBytes: 100 * MB,
  maxPages: 5_000,
  maxCostBytes: 384 * MB,
  timeBudgetMs: 20_000,
  maxStreamBytes: 64 * 1024 * 1024,
  maxSaveDepth: 256,
  maxOperatorsPerPage: 2_000_000,
  maxAnnotationsPerPage: 5_000,
  maxCMapEntries: 262_144,
});

/** The limits with every unbounded cap made a finite number, as JSON can carry it to another thread. */
export function finiteLimits(limits: PdfLimits): PdfLimits {
  const out = { ...limits };
  for (const key of Object.keys(out) as (keyof PdfLimits)[]) {
    if (!Number.isFinite(out[key])) out[key] = Number.MAX_SAFE_INTEGER;
  }
  return out;
}
