/**
 * The PDF service the runtime builds from the configuration: the limits, the
 * gate that bounds concurrent conversions and the worker pool that runs them.
 *
 * @module
 */
import { createGate, type Gate } from "../shared/concurrency.ts";
import { DEFAULT_PDF_LIMITS, type PdfLimits } from "./limits.ts";
import { createPdfPool, DEFAULT_POOL_OPTIONS, type PdfPool, type PoolOptions } from "./pool.ts";

/** The limits, the gate that bounds concurrent conversions and the pool that runs them. */
export interface PdfService {
  readonly limits: PdfLimits;
  readonly gate: Gate;
  readonly pool: PdfPool;
}

/** Options for {@linkcode createPdfService}. */
export interface PdfServiceOptions {
  limits?: Partial<PdfLimits>;
  /** Worker pool settings; `workers` also sets how many conversions run at once. */
  pool?: Partial<PoolOptions>;
  /** Conversions that may run at once (default: the pool's workers). */
  concurrency?: number;
  /** Conversions that may wait (default 8). */
  queue?: number;
}

/** Creates a service with its own gate and pool. */
export function createPdfService(options: PdfServiceOptions = {}): PdfService {
  const pool = createPdfPool({ ...DEFAULT_POOL_OPTIONS, ...options.pool });
  return {
    limits: { ...DEFAULT_PDF_LIMITS, ...options.limits },
    gate: createGate({
      concurrency: options.concurrency ?? pool.size,
      queue: options.queue ?? 8,
      name: "PDF conversion",
      retryAfterSeconds: 2,
    }),
    pool,
  };
}
