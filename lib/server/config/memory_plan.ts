/**
 * The memory plan: how one memory budget is shared between request bodies in
 * flight, PDF conversions and audio jobs.
 *
 * The budget counts ffmpeg's processes too: a host's limit covers the whole
 * instance (Deno Deploy runs each instance in its own isolated Linux
 * environment; a plain host's cgroup `MemoryMax` counts every process of the
 * unit), not only the Deno process. The costs below were measured with the
 * process's peak RSS (`VmHWM`, every thread, PDF workers included) and its
 * ffmpeg children sampled beside it; `tests/e2e/memory_mixed_test.ts` checks
 * a mixed paid load against them and `bench/memory.ts` at the default caps.
 *
 * @module
 */

import { DEFAULT_PDF_LIMITS, leastPdfPrice } from "../../pdf/mod.ts";

/** Megabytes, in bytes. */
const MB = 1024 * 1024;

/** The memory budget when none is configured: Deno Deploy's default limit, in MB. */
export const DEFAULT_MEMORY_BUDGET_MB = 768;
/**
 * What the process needs besides request bodies and heavy work, in MB: code,
 * heap, caches, the JSON operations, an idle PDF worker, and the allocator's
 * slack. Measured: 183–191 MB peak in local mode (which also runs the embedded
 * chain) under a stream of paid JSON calls.
 */
export const BASELINE_MB = 224;
/** The share of the budget that request bodies in flight may hold (at least the largest body). */
export const BODY_SHARE = 1 / 8;
/**
 * Memory of one audio job whatever its input, in MB: the normaliser's code
 * and buffers, about 60 MB in process (measured when it still kept up to 8 MB
 * of decoded PCM, which it no longer does); and ffmpeg's own processes, about 57 MB of RSS each, two at
 * once (the one decoding the input and encoding the result, and the one
 * decoding the result for the meter; see the module comment for why they are
 * counted).
 */
export const AUDIO_JOB_MB = 176;
/**
 * The part of {@linkcode AUDIO_JOB_MB} that is ffmpeg's two processes, in
 * MB: memory that goes back to the system when they exit, so the one part of
 * an audio job's room a PDF conversion may borrow (see the module comment).
 */
export const AUDIO_FFMPEG_MB = 2 * 57;
/**
 * Memory of one audio job per byte of input beyond the upload itself, which
 * the bodies-in-flight share holds until the answer is sent. The upload is
 * held once, as it arrived; decoding, measuring and encoding stream through
 * pipes; a result ffmpeg encodes is measured as it is made and made again as
 * it is sent, never held (a plain gain on a 16-bit WAV is written in place).
 * Measured in process (`normalizeAudioStreamed`, peak RSS after the passes
 * that decide the result, a 3 and a 9 MB Opus): 61 and 64 MB, 0.5 bytes per
 * input byte past the upload; the whole paid exchange with
 * `bench/audio_memory.ts`: see `docs/memory.md`.
 */
export const AUDIO_BYTES_PER_INPUT_BYTE = 0.5;

/**
 * The audio upload, in MB, that a host where ffmpeg may run keeps room for
 * before PDF work takes the rest (a 10-minute 48 kHz stereo WAV, or about two
 * hours of MP3 at 128 kbps).
 */
export const AUDIO_FLOOR_MB = 112;

/** Memory one audio job of `inputBytes` takes beyond its upload, ffmpeg included, in bytes. */
export function audioWorkBytes(inputBytes: number): number {
  return Math.ceil(AUDIO_JOB_MB * MB + inputBytes * AUDIO_BYTES_PER_INPUT_BYTE);
}

/**
 * The room a borrowing PDF conversion may take beyond its share, in bytes,
 * when the plan keeps room for `audioJobs` audio jobs at once: every job's
 * ffmpeg processes (a borrowing conversion runs while no audio job does),
 * none where audio is not sold. The plan lends only while one conversion's
 * share is short of the most one is ever given, and then nothing is left for
 * a second audio job (slots past the first come from what is left once a
 * conversion has that most): it lends one job's room, and the same figure
 * sets both the largest PDF upload and {@linkcode MemoryPlan.pdfBorrowBytes}.
 */
export function lendableBytes(audioJobs: number): number {
  return audioJobs * AUDIO_FFMPEG_MB * MB;
}

/** The largest body that carries an upload of `inputBytes`: base64 in JSON. */
function bodyOf(inputBytes: number): number {
  return Math.ceil(inputBytes * 4 / 3) + MB;
}

/** The bodies-in-flight share that holds the largest body of an upload of `inputBytes`. */
function bodiesFor(budget: number, inputBytes: number): number {
  return Math.max(bodyOf(inputBytes), Math.floor(budget * BODY_SHARE));
}

/** The largest bodies each kind of request may send, in bytes. */
export interface BodyCaps {
  /** Largest audio upload. */
  readonly audioBytes: number;
  /** Largest PDF upload. */
  readonly pdfBytes: number;
}

/** How the memory budget is shared. */
export interface MemoryPlan {
  /** The whole budget, in MB. */
  readonly budgetMb: number;
  /** Bytes of request bodies that may be in flight at once, across every route and MCP. */
  readonly bodyBytes: number;
  /** PDF conversions that may run at once. */
  readonly pdfConcurrency: number;
  /** Largest PDF accepted: the configured cap, or less when the budget cannot hold a conversion of it. */
  readonly pdfMaxBytes: number;
  /** Memory one PDF conversion may take, in bytes: what a PDF may be priced at (`pdf/admission.ts`). */
  readonly pdfJobBytes: number;
  /**
   * Memory a conversion may take when it borrows the audio jobs' ffmpeg room
   * (runs while no audio job does, on a thread of its own stopped at its end),
   * in bytes; 0 where nothing is lent (no audio, or the share is already the most).
   */
  readonly pdfBorrowBytes: number;
  /** Memory PDF conversions may take together, in MB (a large document splits only within it). */
  readonly pdfMemoryMb: number;
  /** Audio jobs that may run at once. */
  readonly audioConcurrency: number;
  /** Largest audio accepted: the configured cap, or less when the budget cannot hold a job of it. */
  readonly audioMaxBytes: number;
}

/** The largest size from 0 to `cap` for which `fits` holds (it must hold for every smaller size too). */
function largest(cap: number, fits: (bytes: number) => boolean): number {
  if (cap <= 0 || !fits(1)) return 0;
  if (fits(cap)) return cap;
  let low = 1;
  let high = cap;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** What the host can run, as far as sharing memory goes. */
export interface PlanOptions {
  /** Whether audio work may run here (false on Deno Deploy, where ffmpeg cannot be relied upon). */
  readonly audio?: boolean;
}

/**
 * Shares `budgetMb` out so that the process (ffmpeg included) stays within
 * it whatever mix of requests arrives. Each share is held for its kind of
 * work alone, not lent between kinds: memory a finished job freed stays with
 * the process (the allocator keeps it; a PDF worker's heap stays with the
 * worker) and is not handed to a job of the other kind, so a PDF conversion
 * and an audio job that only took turns would still add up.
 *
 * - {@linkcode BASELINE_MB} for the process itself;
 * - an eighth for request bodies in flight, never less than the largest
 *   single body the plan admits (base64 in an MCP call); queued jobs hold
 *   their bodies here, and so does a running job until its answer is sent;
 * - where audio may run, room for one audio job of {@linkcode AUDIO_FLOOR_MB}
 *   (or its cap, if smaller), its upload in the bodies' share;
 * - one PDF conversion with what is left, up to the most one is ever given
 *   (`maxCostBytes` of the PDF defaults); a PDF is admitted by its price,
 *   what its conversion will read (pages, content and objects; images
 *   cost only their bytes held), and the largest upload is the largest whose
 *   cheapest conversion fits (a larger one gets a 413, a costlier one a 422,
 *   both naming the budget that would admit it);
 * - the audio job grown with what is left, up to its cap
 *   ({@linkcode audioWorkBytes}, the bodies' share growing with it);
 * - what is still left adds a PDF conversion or an audio job at a time, the
 *   kind with fewer first, while one fits.
 *
 * One loan is sound, and bounded: a PDF priced over its share but within
 * its share plus the audio jobs' ffmpeg room ({@linkcode lendableBytes};
 * `pdfBorrowBytes`) is a borrowing conversion. It starts only once no
 * audio job runs and holds every audio slot while it runs (audio jobs wait
 * in their gate's slots or queue, or get its 503, before any charge); it
 * runs on a thread of its own, the pool's idle threads stopped first (their
 * kept heaps go back), and that thread is stopped at its end: a stopped
 * worker's heap goes back to the system, as ffmpeg's memory does when its
 * processes exit, so neither kind finds the other's leftovers. The audio
 * room is handed back only once that thread has exited (`shared/room_loan.ts`).
 * The in-process part of an audio job, which the allocator may keep, is
 * never lent.
 *
 * A kind with no room at all accepts nothing and is not sold (see
 * `withinBudget`). An audio job of 112 MB costs about 386 MB with its
 * base64 body. At Deno Deploy's 768 MB, where audio is not sold, a PDF
 * conversion gets the most one is ever given; on a host with ffmpeg a 112 MB
 * audio job keeps its room first and a conversion is given what is left
 * (the largest PDF upload is one whose cheapest conversion fits, if need be
 * borrowing).
 *
 * @example Deno Deploy's default 768 MB
 * ```ts
 * planMemory(768, { audioBytes: 384 * 2 ** 20, pdfBytes: 100 * 2 ** 20 }, { audio: false });
 * // bodies 134 MB; one PDF conversion of up to 384 MB, any upload up to the 100 MB cap; no audio
 * planMemory(768, { audioBytes: 384 * 2 ** 20, pdfBytes: 100 * 2 ** 20 });
 * // bodies 150 MB; one audio job of up to 112 MB; one PDF conversion of up to 162 MB, any upload up to 100 MB,
 * // or of up to 276 MB borrowing the audio job's ffmpeg room
 * ```
 */
export function planMemory(budgetMb: number, caps: BodyCaps, options: PlanOptions = {}): MemoryPlan {
  const budget = budgetMb * MB;
  const room = Math.max(0, budget - BASELINE_MB * MB);
  const audioCap = options.audio === false ? 0 : caps.audioBytes;
  const audioWork = (bytes: number) => bytes > 0 ? audioWorkBytes(bytes) : 0;
  // Memory for an audio upload, a PDF conversion priced `pdfJob` and the bodies of both uploads.
  const used = (audio: number, pdfJob: number, pdfUpload: number) =>
    bodiesFor(budget, Math.max(audio, pdfUpload)) + audioWork(audio) + pdfJob;
  const floor = largest(Math.min(audioCap, AUDIO_FLOOR_MB * MB), (bytes) => used(bytes, 0, 0) <= room);
  // What a borrowing conversion may take beyond its share: the one audio job's ffmpeg room (see lendableBytes).
  const lent = lendableBytes(floor > 0 ? 1 : 0);
  // The largest upload whose cheapest conversion fits, if need be borrowing `lent`, and is no more than
  // the most a conversion is ever given (a larger one could only be refused once priced).
  const pdfMaxBytes = largest(
    caps.pdfBytes,
    (bytes) =>
      leastPdfPrice(bytes) <= DEFAULT_PDF_LIMITS.maxCostBytes &&
      used(floor, Math.max(1, leastPdfPrice(bytes) - lent), bytes) <= room,
  );
  const pdfJobBytes = pdfMaxBytes === 0 ? 0 : Math.min(
    DEFAULT_PDF_LIMITS.maxCostBytes,
    room - used(floor, 0, pdfMaxBytes),
  );
  const audioMaxBytes = floor === 0 ? 0 : Math.max(
    floor,
    largest(audioCap, (bytes) => used(bytes, pdfJobBytes, pdfMaxBytes) <= room),
  );
  let bodyBytes = bodiesFor(budget, Math.max(audioMaxBytes, pdfMaxBytes));
  let left = room - used(audioMaxBytes, pdfJobBytes, pdfMaxBytes);
  let pdfConcurrency = 1;
  let audioConcurrency = 1;
  // A kind that cannot run at all gets no more slots; another audio job brings its upload to the bodies' share.
  const pdfJob = pdfJobBytes > 0 ? pdfJobBytes : Infinity;
  const audioJob = audioMaxBytes > 0 ? audioWorkBytes(audioMaxBytes) + bodyOf(audioMaxBytes) : Infinity;
  while (left >= Math.min(pdfJob, audioJob)) {
    const pdfNext = left >= pdfJob && (pdfConcurrency <= audioConcurrency || left < audioJob);
    if (pdfNext) pdfConcurrency++;
    else {
      audioConcurrency++;
      bodyBytes += bodyOf(audioMaxBytes);
    }
    left -= pdfNext ? pdfJob : audioJob;
  }
  const pdfMemoryMb = pdfMaxBytes > 0 ? Math.floor(pdfConcurrency * pdfJob / MB) : 0;
  const borrowed = Math.min(DEFAULT_PDF_LIMITS.maxCostBytes, pdfJobBytes + lent);
  const pdfBorrowBytes = pdfJobBytes > 0 && borrowed > pdfJobBytes ? borrowed : 0;
  return {
    budgetMb,
    bodyBytes,
    pdfConcurrency,
    pdfMaxBytes,
    pdfJobBytes,
    pdfBorrowBytes,
    pdfMemoryMb,
    audioConcurrency,
    audioMaxBytes,
  };
}
