/**
 * PDF to Markdown, as the rest of the service sees it: the caps and the
 * checks a route runs before it sells a conversion, the memory a conversion
 * costs (which the configuration shares the budget by), and the service that
 * runs conversions on the worker pool. Everything else in this folder is the
 * conversion itself, reached only through the service.
 *
 * @module
 */
export {
  admitPdf,
  budgetAdmitting,
  leastPdfPrice,
  PDF_HELD_BYTES_PER_INPUT_BYTE,
  PDF_JOB_MB,
} from "./admission.ts";
export { checkPdfBytes } from "./check.ts";
export { DEFAULT_PDF_LIMITS, type PdfLimits } from "./limits.ts";
export { checkPageRange, PAGE_RANGE_PATTERN } from "./page_range.ts";
export {
  conversionMb,
  MAX_WORKER_HEAP_MB,
  MIN_WORKER_HEAP_MB,
  PDF_BYTES_PER_INPUT_BYTE,
  workerHeapMb,
} from "./memory.ts";
export { DEFAULT_POOL_OPTIONS } from "./pool.ts";
export { createPdfService, type PdfService } from "./service.ts";
