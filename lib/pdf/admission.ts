/**
 * The price of a PDF conversion in memory, from what the conversion will
 * read ({@linkcode scanPdfCost}) rather than from the file's size: an image
 * stream costs only the bytes held (text extraction never decodes it), a
 * content stream what it decodes to, a parsed object more (pdf.js keeps
 * every object it parsed), a page the text kept for the structure work.
 * A route asks for the price before it sells a conversion and refuses one
 * the memory budget cannot hold (422, naming what it would need); the pool
 * reserves that price while it runs. A price past the conversion's share but
 * within what it may borrow (`borrowCostBytes`, the memory plan) is admitted
 * as a borrowing conversion: it runs alone, while no audio job does.
 *
 * The figures are peak RSS growth of a process with one pool worker started
 * cold under the default budget's heap ceiling (`bench/memory.ts`), with a
 * margin: a 100 MB image-heavy PDF of 50 pages 158–163 MB (priced 173), a
 * generated 2,500-page text-dense one of 20 MB 176–216 MB over six runs
 * (priced 226), the 2,415-page R reference manual (6.2 MB; 16 MB of content
 * streams and 6.6 MB of objects decoded) 256–262 MB (priced 293).
 *
 * @module
 */
import { PayloadTooLargeError, UnprocessableError } from "../shared/errors.ts";
import { checkPdfBytes } from "./check.ts";
import { type PdfCostScan, scanPdfCost, StreamCapError } from "./cost_scan.ts";
import { DEFAULT_PDF_LIMITS, type PdfLimits } from "./limits.ts";
import { PDF_BYTES_PER_INPUT_BYTE } from "./memory.ts";
import { countPageRange } from "./page_range.ts";

const MB = 1024 * 1024;

/** A conversion's memory whatever its document: a worker started and pdf.js loaded, in MB. */
export const PDF_JOB_MB = 72;
/** Per byte of the file: the one copy the worker's pdf.js holds. */
export const PDF_HELD_BYTES_PER_INPUT_BYTE = 1;
/** Per byte a content stream, form or font decodes to. */
export const PDF_BYTES_PER_CONTENT_BYTE = 5;
/** Per byte of objects (outside streams, or decoded from object streams): pdf.js keeps what it parsed. */
export const PDF_BYTES_PER_OBJECT_BYTE = 16;
/** Per page converted: its text, kept for the structure work. */
export const PDF_BYTES_PER_PAGE = 12 * 1024;

/** A priced conversion. */
export interface PdfPrice {
  /** Memory the conversion may take, in bytes. */
  bytes: number;
  /** Pages it converts, when the scan found the page tree. */
  pages?: number;
  /** What was read, or undefined when the file was priced by its size. */
  scan?: PdfCostScan;
}

/** The cheapest conversion of a `fileBytes`-byte file (every byte an image), in bytes. */
export function leastPdfPrice(fileBytes: number): number {
  return Math.ceil(PDF_JOB_MB * MB + fileBytes * PDF_HELD_BYTES_PER_INPUT_BYTE);
}

/** The price of converting `pages` pages of a file of `fileBytes` read as `scan`. */
export function pdfPriceOf(scan: PdfCostScan, fileBytes: number, pages = scan.pages): number {
  return Math.ceil(
    leastPdfPrice(fileBytes) + scan.contentBytes * PDF_BYTES_PER_CONTENT_BYTE +
      scan.objectBytes * PDF_BYTES_PER_OBJECT_BYTE + pages * PDF_BYTES_PER_PAGE,
  );
}

/**
 * Prices converting `pages` (all when absent) of `bytes`. A file whose page
 * tree cannot be found is priced by its size, as text as dense as can be
 * ({@linkcode PDF_BYTES_PER_INPUT_BYTE}).
 *
 * @throws {UnprocessableError} A stream decodes past `maxStreamBytes`.
 * @throws {InvalidInputError} A page selection past the document's end.
 */
export async function pricePdf(
  bytes: Uint8Array,
  { pages, maxStreamBytes }: { pages?: string; maxStreamBytes: number },
): Promise<PdfPrice> {
  let scan: PdfCostScan | undefined;
  try {
    scan = await scanPdfCost(bytes, maxStreamBytes);
  } catch (error) {
    if (error instanceof StreamCapError) {
      throw new UnprocessableError(`PDF too costly to convert: ${error.message}`);
    }
    throw error;
  }
  if (!scan) return { bytes: Math.ceil(PDF_JOB_MB * MB + bytes.length * PDF_BYTES_PER_INPUT_BYTE) };
  const selected = pages === undefined ? scan.pages : countPageRange(pages, scan.pages);
  return { bytes: pdfPriceOf(scan, bytes.length, selected), pages: selected, scan };
}

/** Formats bytes as MB with one decimal. */
function mb(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

/**
 * The most a conversion may be priced at: its share, or what it may borrow
 * (`borrowCostBytes`: the audio jobs' ffmpeg room lent while none runs).
 */
export function mostCostBytes(limits: Pick<PdfLimits, "maxCostBytes" | "borrowCostBytes">): number {
  return Math.max(limits.maxCostBytes, limits.borrowCostBytes ?? 0);
}

/** Whether a conversion priced `priceBytes` borrows the audio jobs' room to run. */
export function borrowsRoom(priceBytes: number, limits: Pick<PdfLimits, "maxCostBytes">): boolean {
  return priceBytes > limits.maxCostBytes;
}

/**
 * The smallest `MEMORY_BUDGET_MB`, in steps of 64, whose share for one
 * conversion holds `needBytes`, or undefined when none does (past the most
 * a conversion is ever given, {@linkcode DEFAULT_PDF_LIMITS}' `maxCostBytes`)
 * or the budget in force is not known. A budget gives a conversion at least
 * seven eighths of each megabyte added (the rest may go to request bodies).
 */
export function budgetAdmitting(
  needBytes: number,
  limits: Pick<PdfLimits, "maxCostBytes" | "borrowCostBytes" | "memoryBudgetMb">,
) {
  if (limits.memoryBudgetMb === undefined || needBytes > DEFAULT_PDF_LIMITS.maxCostBytes) return undefined;
  const more = Math.max(0, needBytes - mostCostBytes(limits)) / MB * 8 / 7;
  return Math.ceil((limits.memoryBudgetMb + more + 1) / 64) * 64;
}

/** What to do about a conversion that needs `needBytes` more than the budget gives. */
function remedy(needBytes: number, limits: PdfLimits): string {
  const budget = budgetAdmitting(needBytes, limits);
  const inForce = limits.memoryBudgetMb === undefined ? "" : ` at MEMORY_BUDGET_MB=${limits.memoryBudgetMb}`;
  if (budget !== undefined) return `${inForce}; MEMORY_BUDGET_MB=${budget} would admit it`;
  return `${inForce}, and no memory budget admits it (a conversion is given at most ${
    mb(DEFAULT_PDF_LIMITS.maxCostBytes)
  })`;
}

/**
 * The checks of an upload that cost nothing: its size within the cap, and a
 * PDF by its first and last bytes (`check.ts`). Run on the request's thread
 * before a thread is started to price it.
 *
 * @throws {PayloadTooLargeError} Over the size cap.
 * @throws {InvalidInputError} Empty, or not a PDF.
 */
export function checkPdfUpload(bytes: Uint8Array, limits: PdfLimits): void {
  if (bytes.length > limits.maxBytes) {
    const least = leastPdfPrice(bytes.length);
    const hint = least <= DEFAULT_PDF_LIMITS.maxCostBytes && bytes.length <= DEFAULT_PDF_LIMITS.maxBytes
      ? remedy(least, limits)
      : " (PDF_MAX_BYTES)";
    throw new PayloadTooLargeError(
      `PDF too large: ${mb(bytes.length)} is over the ${mb(limits.maxBytes)} limit${hint}`,
    );
  }
  checkPdfBytes(bytes, limits);
}

/**
 * Admits a PDF upload before it is sold: its size within the cap, a PDF,
 * its selected pages within the page cap and its price within what one
 * conversion may take. Runs before any payment, on a thread of its own
 * (`scan_thread.ts`).
 *
 * @throws {PayloadTooLargeError} Over the size cap or the page cap.
 * @throws {UnprocessableError} Priced over the memory a conversion may take, or a stream decodes past its cap.
 * @throws {InvalidInputError} Empty, not a PDF, or pages past the document's end.
 */
export async function admitPdf(
  bytes: Uint8Array,
  pages: string | undefined,
  limits: PdfLimits,
): Promise<PdfPrice> {
  checkPdfUpload(bytes, limits);
  const price = await pricePdf(bytes, { pages, maxStreamBytes: limits.maxStreamBytes });
  if (price.pages !== undefined && price.pages > limits.maxPages) {
    throw new PayloadTooLargeError(
      `Too many pages: ${price.pages} selected, the limit is ${limits.maxPages} per request; choose fewer with "pages"`,
    );
  }
  if (price.bytes > mostCostBytes(limits)) {
    const scan = price.scan;
    const what = scan
      ? `${price.pages} page${price.pages === 1 ? "" : "s"}, ${
        mb(scan.contentBytes + scan.objectBytes)
      } of content and objects to parse`
      : "its structure unreadable, priced by its size";
    throw new UnprocessableError(
      `PDF too costly to convert: it needs about ${mb(price.bytes)} of memory (${what}), over the ${
        mb(mostCostBytes(limits))
      } a conversion may take${remedy(price.bytes, limits)}; or choose fewer with "pages"`,
    );
  }
  return price;
}

/** Refuses a document with more pages selected than its price counted (its page tree's count lied). */
export function checkPricedPages(pages: number, price: PdfPrice | undefined): void {
  if (price?.pages !== undefined && pages > price.pages) {
    throw new UnprocessableError(
      `PDF too costly to convert: it has ${pages} pages to convert where its page tree counts ${price.pages}`,
    );
  }
}
