/**
 * The PDF service the runtime builds from the configuration: the limits, the
 * gate that bounds concurrent conversions and the worker pool that runs them.
 *
 * @module
 */
import { createGate, type Gate } from "../shared/concurrency.ts";
import { admitPdf, type PdfPrice } from "./admission.ts";
import type { ConversionResult } from "./convert.ts";
import { DEFAULT_PDF_LIMITS, type PdfLimits } from "./limits.ts";
import {
  createPdfPool,
  DEFAULT_POOL_OPTIONS,
  type PdfPool,
  type PoolConvertOptions,
  type PoolOptions,
} from "./pool.ts";

/** The limits, the gate that bounds concurrent conversions and the pool that runs them. */
export interface PdfService {
  readonly limits: PdfLimits;
  readonly gate: Gate;
  readonly pool: PdfPool;
  /**
   * Admits `bytes` (the `pages` of them) before the conversion is sold: the
   * caps, and its price within what a conversion may take (`admission.ts`).
   * The price is kept with the bytes for {@linkcode PdfService.convert}.
   */
  admit(bytes: Uint8Array, pages?: string): Promise<PdfPrice>;
  /** Converts on the pool, admitting `bytes` first unless they were; the pool reserves their price. */
  convert(
    bytes: Uint8Array,
    options: Omit<PoolConvertOptions, "limits" | "price">,
  ): Promise<ConversionResult>;
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
  const limits = { ...DEFAULT_PDF_LIMITS, ...options.limits };
  /** Prices of the uploads admitted, until they are converted or dropped. */
  const prices = new WeakMap<Uint8Array, { pages?: string; price: PdfPrice }>();
  const admit = async (bytes: Uint8Array, pages?: string) => {
    const price = await admitPdf(bytes, pages, limits);
    prices.set(bytes, { pages, price });
    return price;
  };
  return {
    limits,
    admit,
    async convert(bytes, convertOptions) {
      const known = prices.get(bytes);
      const price = known && known.pages === convertOptions.pages
        ? known.price
        : await admit(bytes, convertOptions.pages);
      prices.delete(bytes);
      return await pool.convert(bytes, { ...convertOptions, limits, price });
    },
    gate: createGate({
      concurrency: options.concurrency ?? pool.size,
      queue: options.queue ?? 8,
      name: "PDF conversion",
      retryAfterSeconds: 2,
    }),
    pool,
  };
}
