/**
 * The settings of the heavy products, audio normalisation and PDF conversion,
 * within the memory budget: `MEMORY_BUDGET_MB` and the upload caps make the
 * memory plan (`memory_plan.ts`), and each product's caps, concurrency and
 * workers are read within its share of it.
 *
 * @module
 */
import { type AudioLimits, DEFAULT_AUDIO_LIMITS } from "../../audio/mod.ts";
import {
  conversionMb,
  DEFAULT_PDF_LIMITS,
  DEFAULT_POOL_OPTIONS,
  type PdfLimits,
  workerHeapMb,
} from "../../pdf/mod.ts";
import type { EnvReader } from "./env.ts";
import { DEFAULT_MEMORY_BUDGET_MB, type MemoryPlan, planMemory } from "./memory_plan.ts";
import { DEFAULT_PDF_GATE } from "./settings.ts";

/** PDF conversion caps plus the bounds of its concurrency gate. */
export interface PdfSettings {
  readonly limits: Readonly<PdfLimits>;
  /** Conversions that may run at once. */
  readonly concurrency: number;
  /** The worker threads that run them, and the memory a large document may split within. */
  readonly pool: Readonly<{ workers: number; heapMb: number; splitMinPages: number; memoryMb: number }>;
  /** Conversions that may wait for a slot; more get a 503 with `Retry-After`. */
  readonly queue: number;
}

/** The memory plan and the products' settings within it. */
export interface ProductSettings {
  /** Limits of audio normalisation and the ffmpeg executable. */
  readonly audio: Readonly<AudioLimits>;
  /** Limits of PDF conversion and how many run at once. */
  readonly pdf: PdfSettings;
  /** The memory budget and what derives from it (the body budget, default concurrency limits). */
  readonly memory: MemoryPlan;
}

/** The memory plan, then audio's and PDF's settings within it. */
export function readProductSettings(settings: EnvReader, onDeploy: boolean): ProductSettings {
  const memory = readMemoryPlan(settings, onDeploy);
  return {
    audio: Object.freeze(readAudioLimits(settings, memory)),
    pdf: Object.freeze(readPdfSettings(settings, memory)),
    memory: Object.freeze(memory),
  };
}

/**
 * The memory plan of `MEMORY_BUDGET_MB` for the upload caps asked for. On
 * Deno Deploy ffmpeg cannot be relied upon: audio is not sold there, so PDF
 * gets its memory.
 */
function readMemoryPlan({ whole }: EnvReader, onDeploy: boolean): MemoryPlan {
  const audioMaxBytes = whole("AUDIO_MAX_BYTES", DEFAULT_AUDIO_LIMITS.maxBytes, 1);
  const pdfMaxBytes = whole("PDF_MAX_BYTES", DEFAULT_PDF_LIMITS.maxBytes, 1);
  return planMemory(
    whole("MEMORY_BUDGET_MB", DEFAULT_MEMORY_BUDGET_MB, 128),
    { audioBytes: audioMaxBytes, pdfBytes: pdfMaxBytes },
    { audio: !onDeploy },
  );
}

/** The audio limits: the largest upload and the default concurrency from the memory plan. */
function readAudioLimits({ read, whole }: EnvReader, memory: MemoryPlan): AudioLimits {
  const audioDefaults = DEFAULT_AUDIO_LIMITS;
  return {
    maxBytes: memory.audioMaxBytes,
    maxSeconds: whole("AUDIO_MAX_SECONDS", audioDefaults.maxSeconds, 1),
    timeoutMs: whole("AUDIO_TIMEOUT_MS", audioDefaults.timeoutMs, 1),
    concurrency: whole("AUDIO_CONCURRENCY", memory.audioConcurrency, 1),
    queue: whole("AUDIO_QUEUE", audioDefaults.queue, 0),
    ffmpegPath: read("FFMPEG_PATH") ?? audioDefaults.ffmpegPath,
  };
}

/** The PDF caps, gate and worker pool, within the PDF share of the memory plan. */
function readPdfSettings({ whole }: EnvReader, memory: MemoryPlan): PdfSettings {
  const pdfConcurrency = whole("PDF_CONCURRENCY", memory.pdfConcurrency, 1);
  const splitMinPages = whole("PDF_SPLIT_MIN_PAGES", DEFAULT_POOL_OPTIONS.splitMinPages, 2);
  // One worker per conversion, and one per core when the PDF share of the budget admits splitting
  // the smallest document that splits (an idle worker that can never help would only hold memory).
  const workers = conversionMb(splitMinPages, 2) <= memory.pdfMemoryMb
    ? Math.max(pdfConcurrency, DEFAULT_POOL_OPTIONS.workers)
    : pdfConcurrency;
  return {
    limits: Object.freeze({
      ...DEFAULT_PDF_LIMITS,
      maxBytes: memory.pdfMaxBytes,
      maxPages: whole("PDF_MAX_PAGES", DEFAULT_PDF_LIMITS.maxPages, 1),
      maxCostBytes: memory.pdfJobBytes,
      ...(memory.pdfBorrowBytes > 0 ? { borrowCostBytes: memory.pdfBorrowBytes } : {}),
      memoryBudgetMb: memory.budgetMb,
      timeBudgetMs: whole("PDF_TIME_BUDGET_MS", DEFAULT_PDF_LIMITS.timeBudgetMs, 1),
    }),
    concurrency: pdfConcurrency,
    queue: whole("PDF_QUEUE", DEFAULT_PDF_GATE.queue, 0),
    pool: Object.freeze({
      workers,
      memoryMb: memory.pdfMemoryMb,
      heapMb: whole("PDF_WORKER_HEAP_MB", workerHeapMb(memory.pdfMemoryMb, workers), 32),
      splitMinPages,
    }),
  };
}
