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

import { DEFAULT_PDF_LIMITS, PDF_HELD_BYTES_PER_INPUT_BYTE, PDF_JOB_MB } from "../../pdf/mod.ts";

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
 * Memory of one audio job whatever its input, in MB: buffers and the decoded
 * PCM kept for the meter (at most 32 MB), plus ffmpeg's own process (about
 * 50 MB: see the module comment for why it is counted).
 */
export const AUDIO_JOB_MB = 104;
/**
 * Memory of one audio job per byte of input, ffmpeg's beyond its share of
 * {@linkcode AUDIO_JOB_MB} included (the request body, the result, the PCM an
 * ffmpeg decode streams through the process). The answer is written from the
 * result's bytes (base64 streamed into the JSON a slice at a time, or the raw
 * bytes), so it adds little. Measured with `bench/audio_memory.ts`, one job on
 * an idle process: a 50 MB 48 kHz stereo WAV raised the peak by 197 MB as JSON
 * and 167 MB raw (4 bytes per input byte; before the answer was streamed and
 * the body read into one buffer, 434 MB), an 8 MB WAV by 63 MB; a 40 MB FLAC
 * of 15 minutes, the longest accepted, by 236–284 MB with its ffmpeg
 * processes at 107 MB: 391 MB in all, 7.2 bytes per input byte over
 * {@linkcode AUDIO_JOB_MB}. The compressed input sets the figure.
 */
export const AUDIO_BYTES_PER_INPUT_BYTE = 7.5;

/**
 * The audio upload, in MB, that a host where ffmpeg may run keeps room for
 * before PDF work takes the rest (about 45 s of 48 kHz stereo WAV, or several
 * minutes of MP3).
 */
export const AUDIO_FLOOR_MB = 8;

/** Memory one audio job of `inputBytes` takes, ffmpeg included, in bytes. */
export function audioWorkBytes(inputBytes: number): number {
  return Math.ceil(AUDIO_JOB_MB * MB + inputBytes * AUDIO_BYTES_PER_INPUT_BYTE);
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
  /** Memory PDF conversions may take together, in MB (a large document splits only within it). */
  readonly pdfMemoryMb: number;
  /** Audio jobs that may run at once. */
  readonly audioConcurrency: number;
  /** Largest audio accepted: the configured cap, or less when the budget cannot hold a job of it. */
  readonly audioMaxBytes: number;
}

/** The largest input (at most `cap`) whose job fits in `bytes`, by the job's fixed part and slope. */
function largestFitting(bytes: number, cap: number, fixedMb: number, perByte: number): number {
  return Math.max(0, Math.min(cap, Math.floor((bytes - fixedMb * MB) / perByte)));
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
 *   single body (base64 in an MCP call); queued jobs hold their bodies here;
 * - where audio may run, room for one audio job of {@linkcode AUDIO_FLOOR_MB}
 *   (or its cap, if smaller);
 * - one PDF conversion with what is left, up to the most one is ever given
 *   (`maxCostBytes` of the PDF defaults); a PDF is admitted by its price,
 *   what its conversion will read (pages, content and objects; images
 *   cost only their bytes held), and the largest upload is the largest whose
 *   cheapest conversion fits (a larger one gets a 413, a costlier one a 422,
 *   both naming the budget that would admit it);
 * - the audio job grown with what is left, up to its cap
 *   ({@linkcode audioWorkBytes});
 * - what is still left adds a PDF conversion or an audio job at a time, the
 *   kind with fewer first, while one fits.
 *
 * A kind with no room at all accepts nothing and is not sold (see
 * `withinBudget`). An audio job at its 50 MB cap costs about 480 MB, so at
 * Deno Deploy's 768 MB, where audio is not sold, PDF gets the whole share; on
 * a host with ffmpeg both are sold with smaller uploads, in full from 1,536 MB.
 *
 * @example Deno Deploy's default 768 MB
 * ```ts
 * planMemory(768, { audioBytes: 50 * 2 ** 20, pdfBytes: 20 * 2 ** 20 }, { audio: false });
 * // bodies 96 MB; one PDF conversion of up to 384 MB, any upload up to the 20 MB cap; no audio
 * planMemory(768, { audioBytes: 50 * 2 ** 20, pdfBytes: 20 * 2 ** 20 });
 * // bodies 96 MB; one PDF conversion of up to 284 MB; one audio job of up to 8 MB
 * ```
 */
export function planMemory(budgetMb: number, caps: BodyCaps, options: PlanOptions = {}): MemoryPlan {
  const budget = budgetMb * MB;
  const largestBody = Math.ceil(Math.max(caps.audioBytes, caps.pdfBytes) * 4 / 3) + MB;
  const bodyBytes = Math.max(largestBody, Math.floor(budget * BODY_SHARE));
  let left = Math.max(0, budget - BASELINE_MB * MB - bodyBytes);
  const audioCap = options.audio === false ? 0 : caps.audioBytes;
  let audioMaxBytes = largestFitting(
    left,
    Math.min(audioCap, AUDIO_FLOOR_MB * MB),
    AUDIO_JOB_MB,
    AUDIO_BYTES_PER_INPUT_BYTE,
  );
  const audioFloor = audioMaxBytes > 0 ? audioWorkBytes(audioMaxBytes) : 0;
  const pdfShare = Math.min(Math.max(0, left - audioFloor), DEFAULT_PDF_LIMITS.maxCostBytes);
  const pdfMaxBytes = largestFitting(pdfShare, caps.pdfBytes, PDF_JOB_MB, PDF_HELD_BYTES_PER_INPUT_BYTE);
  const pdfJobBytes = pdfMaxBytes > 0 ? pdfShare : 0;
  left -= pdfJobBytes;
  audioMaxBytes = largestFitting(left, audioCap, AUDIO_JOB_MB, AUDIO_BYTES_PER_INPUT_BYTE);
  left -= audioMaxBytes > 0 ? audioWorkBytes(audioMaxBytes) : 0;
  let pdfConcurrency = 1;
  let audioConcurrency = 1;
  // A kind that cannot run at all gets no more slots.
  const pdfJob = pdfJobBytes > 0 ? pdfJobBytes : Infinity;
  const audioJob = audioMaxBytes > 0 ? audioWorkBytes(audioMaxBytes) : Infinity;
  while (left >= Math.min(pdfJob, audioJob)) {
    const pdfNext = left >= pdfJob && (pdfConcurrency <= audioConcurrency || left < audioJob);
    if (pdfNext) pdfConcurrency++;
    else audioConcurrency++;
    left -= pdfNext ? pdfJob : audioJob;
  }
  const pdfMemoryMb = pdfMaxBytes > 0 ? Math.floor(pdfConcurrency * pdfJob / MB) : 0;
  return {
    budgetMb,
    bodyBytes,
    pdfConcurrency,
    pdfMaxBytes,
    pdfJobBytes,
    pdfMemoryMb,
    audioConcurrency,
    audioMaxBytes,
  };
}
