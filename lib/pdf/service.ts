/**
 * The PDF service the runtime builds from the configuration: the limits, the
 * gate that bounds concurrent conversions and the worker pool that runs them.
 *
 * @module
 */
import { createGate, type Gate } from "../shared/concurrency.ts";
import { RoomLoan } from "../shared/room_loan.ts";
import type { ConversionResult } from "./convert.ts";
import { borrowsRoom } from "./admission.ts";
import { DEFAULT_PDF_LIMITS, type PdfLimits } from "./limits.ts";
import {
  createPdfPool,
  DEFAULT_POOL_OPTIONS,
  type PdfPool,
  type PoolConvertOptions,
  type PoolOptions,
} from "./pool.ts";
import {
  type Admitted,
  createPdfScanner,
  DEFAULT_SCAN_OPTIONS,
  type PdfScanner,
  type ScanOptions,
} from "./scan_thread.ts";

/** The limits, the gate that bounds concurrent conversions and the pool that runs them. */
export interface PdfService {
  readonly limits: PdfLimits;
  readonly gate: Gate;
  readonly pool: PdfPool;
  /** Where uploads are admitted: a thread of their own each (`scan_thread.ts`). */
  readonly scanner: PdfScanner;
  /**
   * Admits `bytes` (the `pages` of them) before the conversion is sold, off
   * this thread: the caps, and its price within what a conversion may take
   * (`admission.ts`). Resolves with the price and the bytes to use from then
   * on (those passed are handed to the scan's thread and emptied); the price
   * is kept with them for {@linkcode PdfService.convert}.
   *
   * @throws {UnavailableError} As many admissions are running as may.
   * @throws {UpstreamTimeoutError} `signal` aborted: the caller left.
   */
  admit(bytes: Uint8Array, pages?: string, signal?: AbortSignal): Promise<Admitted>;
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
  /** How admissions run (default {@linkcode DEFAULT_SCAN_OPTIONS}). */
  scan?: Partial<ScanOptions>;
  /**
   * The audio jobs' room that a conversion priced past `maxCostBytes` (up to
   * `borrowCostBytes`) borrows while it runs (default: a room of its own, no audio).
   */
  room?: RoomLoan;
}

/** Creates a service with its own gate and pool. */
export function createPdfService(options: PdfServiceOptions = {}): PdfService {
  const pool = createPdfPool({ ...DEFAULT_POOL_OPTIONS, ...options.pool });
  const limits = { ...DEFAULT_PDF_LIMITS, ...options.limits };
  const scanner = createPdfScanner({ ...DEFAULT_SCAN_OPTIONS, ...options.scan });
  const room = options.room ?? new RoomLoan();
  /** Prices of the uploads admitted, until they are converted or dropped. */
  const prices = new WeakMap<Uint8Array, { pages?: string; price: Admitted["price"] }>();
  const admit = async (bytes: Uint8Array, pages?: string, signal?: AbortSignal) => {
    const admitted = await scanner.admit(bytes, pages, limits, signal);
    prices.set(admitted.bytes, { pages, price: admitted.price });
    return admitted;
  };
  return {
    limits,
    scanner,
    admit,
    async convert(bytes, convertOptions) {
      const known = prices.get(bytes);
      const admitted = known && known.pages === convertOptions.pages
        ? { bytes, price: known.price }
        : await admit(bytes, convertOptions.pages, convertOptions.signal);
      prices.delete(admitted.bytes);
      const convert = { ...convertOptions, limits, price: admitted.price };
      if (!borrowsRoom(admitted.price.bytes, limits)) return await pool.convert(admitted.bytes, convert);
      // A borrowing conversion: alone, once no audio job runs, its thread stopped before the room goes back.
      return await room.borrow(
        () => pool.convert(admitted.bytes, { ...convert, alone: true }),
        convertOptions.signal,
      );
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
