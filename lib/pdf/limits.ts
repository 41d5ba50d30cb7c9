/**
 * Limits of PDF conversion and the gate that bounds how many run at once.
 * Conversions run on the main thread and yield between pages, so a bounded
 * number in flight keeps other requests answered; more wait in a short queue,
 * and past that callers get a 503 with `Retry-After`.
 *
 * @module
 */
import { createGate, type Gate } from "../concurrency.ts";

/** Caps applied to each conversion. */
export interface PdfLimits {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Most pages converted per request. */
  maxPages: number;
  /** Wall-clock budget of one conversion, in milliseconds. */
  timeBudgetMs: number;
}

/** Default caps: 20 MB, 500 pages, 20 s. */
export const DEFAULT_PDF_LIMITS: Readonly<PdfLimits> = Object.freeze({
  maxBytes: 20 * 1024 * 1024,
  maxPages: 500,
  timeBudgetMs: 20_000,
});

/** The shared gate: two conversions at once, eight waiting. */
export const pdfGate: Gate = createGate({
  concurrency: 2,
  queue: 8,
  name: "PDF conversion",
  retryAfterSeconds: 2,
});
