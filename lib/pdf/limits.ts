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
  /** Largest accepted file, in bytes (larger → 413). */
  maxBytes: number;
  /** Most pages converted per request (more → 413). */
  maxPages: number;
  /** Wall-clock budget of one conversion, in milliseconds (past it → 422). */
  timeBudgetMs: number;
}

/** Default caps: 20 MB, 500 pages, 20 s. */
export const DEFAULT_PDF_LIMITS: Readonly<PdfLimits> = Object.freeze({
  maxBytes: 20 * 1024 * 1024,
  maxPages: 500,
  timeBudgetMs: 20_000,
});

/** The limits plus the gate that bounds concurrent conversions. */
export interface PdfService {
  readonly limits: PdfLimits;
  readonly gate: Gate;
}

/** Creates a service with its own gate; `concurrency` 2 and `queue` 8 unless given. */
export function createPdfService(
  options: { limits?: Partial<PdfLimits>; concurrency?: number; queue?: number } = {},
): PdfService {
  return {
    limits: { ...DEFAULT_PDF_LIMITS, ...options.limits },
    gate: createGate({
      concurrency: options.concurrency ?? 2,
      queue: options.queue ?? 8,
      name: "PDF conversion",
      retryAfterSeconds: 2,
    }),
  };
}
