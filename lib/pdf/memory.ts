/**
 * What a PDF conversion costs in memory, so the pool can tell whether a
 * document may take a second worker. Each worker pays its own pdf.js (code,
 * parsed cross-reference table, fonts) whatever the pages; the pages cost
 * about the same in total however they are split (each worker holds the
 * objects of its own pages; the first one then holds every page's lines for
 * the structure work). So splitting costs one more worker's fixed share.
 *
 * Figures measured as peak RSS on the 2,415-page R reference manual
 * (`deno task bench:pdf:pool`), rounded up.
 *
 * @module
 */

/** A worker with pdf.js loaded and a document open, before any page, in MB. */
export const WORKER_MB = 140;
/** Each selected page, held until the conversion ends, in MB. */
export const PAGE_MB = 0.16;

/** Peak memory of converting `pages` pages on `workers` workers, in MB. */
export function conversionMb(pages: number, workers: number): number {
  return Math.ceil(workers * WORKER_MB + pages * PAGE_MB);
}

/**
 * How many workers a conversion of `pages` pages may use: the most, up to
 * `most`, whose estimate fits in `freeMb`; always at least one (the gate,
 * not this, bounds how many conversions run).
 */
export function workersFor(pages: number, most: number, freeMb: number): number {
  let workers = 1;
  while (workers < most && conversionMb(pages, workers + 1) <= freeMb) workers++;
  return workers;
}
