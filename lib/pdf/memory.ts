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
 * every worker also pays a conversion's per-input-byte cost
 * ({@linkcode PDF_BYTES_PER_INPUT_BYTE}, which the service's memory plan
 * counts too); without it, an 18 MB, 500-page text-dense PDF was split within
 * Deno Deploy's 768 MB and took the process past the budget.
 *
 * @module
 */
const MB = 1024 * 1024;

/**
 * Memory of one PDF conversion whatever its input, in MB: its worker thread's
 * heap with pdf.js at work. Measured: 148 MB for a 4-page PDF, 170 MB for
 * 2 MB of dense text, while pdf.js' worker code was imported from a `blob:`
 * URL; compiled as a function it costs about 50 MB less (a worker with a
 * 4-page PDF open: 139–142 → 87–95 MB of process RSS). Set with a margin.
 */
export const PDF_JOB_MB = 120;
/**
 * Memory of one PDF conversion per byte of input, beyond {@linkcode PDF_JOB_MB}
 * (the copies of the input, pdf.js's objects, the Markdown and its JSON).
 * Measured on dense text: one 4 MB conversion took 192 MB, one of 20 MB (500
 * pages) 325 MB; two of 20 MB in turn with small audio jobs and JSON calls
 * took the process 580 MB over its idle size. A large document split across
 * workers costs this once per worker (each parses the whole file), which
 * `conversionMb` counts before it splits.
 */
export const PDF_BYTES_PER_INPUT_BYTE = 16;
/** Memory one PDF conversion of `inputBytes` takes, in bytes. */
export function pdfWorkBytes(inputBytes: number): number {
  return Math.ceil(PDF_JOB_MB * MB + inputBytes * PDF_BYTES_PER_INPUT_BYTE);
}

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
