/**
 * The settings and faces of the PDF worker pool (`pool.ts`): what a pool is
 * made with, what one conversion on it takes, and what it offers. Kept apart
 * so the pool's steps can name them without importing the pool itself.
 *
 * @module
 */
import type { PdfPrice } from "./admission.ts";
import type { ConversionResult, ConvertOptions } from "./convert.ts";
import type { PdfLimits } from "./limits.ts";
import { MAX_WORKER_HEAP_MB } from "./memory.ts";

/** Settings of a pool. */
export interface PoolOptions {
  /** Worker threads at most. */
  workers: number;
  /** JS heap ceiling of each worker, in MB. */
  heapMb: number;
  /** Fewest selected pages for which a document is split across workers. */
  splitMinPages: number;
  /** A worker idle this long (ms) is stopped. */
  idleMs: number;
  /** How long (ms) the pool waits between looks for a quiet moment to start a missing helper. */
  quietMs: number;
  /** Memory the pool's conversions may take at once, in MB (`Infinity`: no bound on splitting). */
  memoryMb: number;
}

/**
 * Default pool: one worker per core, at most 2, each with the largest heap
 * ceiling `workerHeapMb` (`memory.ts`) gives (the service's configuration gives
 * each worker its share of the memory budget instead).
 */
export const DEFAULT_POOL_OPTIONS: Readonly<PoolOptions> = Object.freeze({
  workers: Math.max(1, Math.min(2, navigator.hardwareConcurrency || 1)),
  heapMb: MAX_WORKER_HEAP_MB,
  splitMinPages: 64,
  idleMs: 30_000,
  quietMs: 1000,
  memoryMb: Infinity,
});

/** What a pool conversion takes. */
export interface PoolConvertOptions
  extends Pick<ConvertOptions, "pages" | "includePageBreaks" | "useStructTree"> {
  limits: PdfLimits;
  /** Ends the conversion (and its workers) when aborted. */
  signal?: AbortSignal;
  /**
   * The document's admission price: reserved for each worker it runs on
   * (each parses the whole file), and its pages the most it may turn out to
   * have. Without it the memory is estimated from the size (`memory.ts`).
   */
  price?: PdfPrice;
  /**
   * Runs on a thread of its own, the idle threads stopped first, and stops
   * that thread at the end: resolves or rejects only once it has exited, so
   * memory borrowed for it (`shared/room_loan.ts`) is back when it settles.
   */
  alone?: boolean;
}

/** A pool of PDF workers. */
export interface PdfPool {
  /** Most workers. */
  readonly size: number;
  /** Converts a PDF on the pool's workers; the caller's bytes are left intact. */
  convert(bytes: Uint8Array, options: PoolConvertOptions): Promise<ConversionResult>;
  /** Workers alive now, started since creation, and conversions split across workers. */
  readonly stats: { live: number; started: number; split: number; reservedMb: number };
  /**
   * Starts every missing worker now, so the next large document splits at
   * once (e.g. at service start); resolves when they have loaded pdf.js (a
   * conversion may take them before: its work waits for that loading).
   */
  warm(): Promise<void>;
  /** Stops every worker; conversions in flight fail. */
  close(): Promise<void>;
}
