/**
 * What a PDF conversion costs in memory, so the pool can tell whether a
 * document may take a second worker. Each worker pays its own pdf.js (code,
 * parsed cross-reference table, fonts) whatever the pages; the pages cost
 * about the same in total however they are split (the first worker holds
 * every page's lines for the structure work, a helper only the chunk it is
 * extracting). So splitting costs one more worker's fixed share.
 *
 * Figures measured as peak RSS on the 2,415-page R reference manual, rounded
 * up: one worker 181 MB for one page and 373 MB for every page (0.08 MB a
 * page), two workers 268 MB for 64 pages and 418 MB for every page. A dense
 * document costs more than its pages: each worker parses the whole file, so
 * every worker also pays the conversion's price (`admission.ts`: what it
 * reads), or, unpriced, {@linkcode PDF_BYTES_PER_INPUT_BYTE}; without it, an
 * 18 MB, 500-page text-dense PDF was split within Deno Deploy's 768 MB and
 * took the process past the budget.
 *
 * @module
 */
const MB = 1024 * 1024;

/**
 * Memory of a conversion per byte of input when nothing else is known of the
 * file: every byte text as dense as can be. Measured on uncompressed text:
 * one 4 MB conversion took 192 MB, one of 20 MB (500 pages) 325 MB, while
 * the worker copied the file twice. A priced conversion (`admission.ts`)
 * counts what it reads instead; this prices a file whose page tree cannot be
 * found, and what a helper worker adds when a pool splits an unpriced one
 * (each worker parses the whole file), which `conversionMb` counts.
 */
export const PDF_BYTES_PER_INPUT_BYTE = 16;

/** A worker with pdf.js loaded and a document open, before any page, in MB. */
export const WORKER_MB = 140;
/** Each selected page, held until the conversion ends, in MB. */
export const PAGE_MB = 0.1;

/**
 * Selected pages from which a conversion gives time for memory: the worker
 * finishing it collects the closed document's garbage before the structure
 * work, and a helper done with its pages stops rather than waiting idle.
 * Left to V8, that garbage stays while the finish allocates on top of it: one
 * worker converting the 2,415-page R reference manual peaked at 371–406 MB,
 * and 330–344 MB when it collected first (two full collections, some 0.3–0.5
 * s there, within the noise of a shared machine). On small documents the
 * peak is far from any budget and the time would be wasted.
 */
export const LARGE_DOCUMENT_PAGES = 1000;

/** Peak memory of converting `pages` pages of a `bytes`-byte file on `workers` workers, in MB. */
export function conversionMb(pages: number, workers: number, bytes = 0): number {
  return Math.ceil(workers * (WORKER_MB + bytes * PDF_BYTES_PER_INPUT_BYTE / MB) + pages * PAGE_MB);
}

/**
 * How many workers a conversion of `pages` pages of a `bytes`-byte file may
 * use: the most, up to `most`, whose estimate fits in `freeMb`; always at
 * least one (the gate, not this, bounds how many conversions run).
 */
export function workersFor(pages: number, most: number, freeMb: number, bytes = 0): number {
  let workers = 1;
  while (workers < most && conversionMb(pages, workers + 1, bytes) <= freeMb) workers++;
  return workers;
}

/** Lowest and highest default heap ceiling of a worker, in MB. */
export const MIN_WORKER_HEAP_MB = 256, MAX_WORKER_HEAP_MB = 1024;

/**
 * The default heap ceiling of each of `workers` workers sharing `pdfMemoryMb`
 * (the PDF share of the memory budget): its share, within 256 MB–1 GB. The
 * ceiling sets how V8 paces a heap's collections as well as where the worker
 * dies: after a full collection V8 lets the heap grow by at most 1.3× under a
 * 256 MB ceiling, 1.6× under 1 GB and 4× from 2 GB. Splitting the R reference
 * manual, the pool spent about 10% less CPU under 1 GB than under 256 MB,
 * with a peak some 20 MB higher; from 2 GB its peak went past 500 MB. A
 * ceiling a little over 256 MB buys no speed: one worker under 284 MB (the
 * default budget's share) peaked some 20 MB higher than under 256 MB, at the
 * same speed, memory its share of the budget holds.
 */
export function workerHeapMb(pdfMemoryMb: number, workers: number): number {
  const share = Math.floor(pdfMemoryMb / Math.max(1, workers));
  return Math.min(MAX_WORKER_HEAP_MB, Math.max(MIN_WORKER_HEAP_MB, share));
}

/**
 * A conversion's memory on a number of workers, in MB, and how many workers
 * fit in what is free: its price for each worker when it was priced, else
 * the size-based {@linkcode conversionMb}.
 */
export function memoryEstimate(inputBytes: number, priceBytes: number | undefined) {
  const priceMb = priceBytes === undefined ? undefined : Math.ceil(priceBytes / MB);
  const mb = (pages: number, workers: number) =>
    priceMb === undefined ? conversionMb(pages, workers, inputBytes) : workers * priceMb;
  return {
    mb,
    workers(pages: number, most: number, freeMb: number): number {
      if (priceMb === undefined) return workersFor(pages, most, freeMb, inputBytes);
      let workers = 1;
      while (workers < most && mb(pages, workers + 1) <= freeMb) workers++;
      return workers;
    },
  };
}
