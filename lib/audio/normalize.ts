/**
 * Loudness normalisation of uploaded audio, in memory: check the bytes,
 * decode and measure them once (EBU R128, in process), apply the planned gain
 * (plus a limiter or `loudnorm` when peaks demand it) and encode in one pass.
 * A plain gain is exact by arithmetic; anything else is measured again,
 * correcting and repeating until it is on target.
 *
 * @module
 */
import { UnprocessableError, UpstreamTimeoutError } from "../shared/errors.ts";
import type { Gate } from "../shared/concurrency.ts";
import type { Loudness, StreamInfo } from "./ffmpeg_log.ts";
import {
  defaultFormat,
  headroomOf,
  mimeTypeOf,
  type OutputFormat,
  outputLayout,
  outputRate,
} from "./formats.ts";
import { formatSeconds } from "../shared/format.ts";
import { explainGain, type GainDecision } from "./gain_decision.ts";
import type { AudioLimits } from "./limits.ts";
import { measureAudio, type Measurement } from "./measure.ts";
import { applyPlan, type Job, type PassResult, remaining } from "./pass.ts";
import { moovFirstPieces } from "./mp4_faststart.ts";
import { type EncodedAudio, withEnd } from "./encoded_result.ts";
import {
  type Attempt,
  bestAttempt,
  firstPlan,
  isOnTarget,
  maxPasses,
  nextPlan,
  type NormalizationMode,
  type NormalizationType,
  type Plan,
  safePlan,
} from "./plan.ts";
import { type NormalizeRequest, precheckAudio } from "./precheck.ts";
import type { LoudnessTarget } from "./presets.ts";

export type { NormalizeRequest };

/** Shortest audio accepted: integrated loudness needs several 400 ms blocks. */
export const MIN_SECONDS = 1;
/** Decoded PCM kept in memory by default: about 2.9 minutes of 48 kHz stereo. */
const DEFAULT_RETAIN_BYTES = 32 * 1024 * 1024;
/**
 * Decoded PCM kept in memory when the result is streamed: none. Kept PCM
 * spares only a short input's second decoding, and what a longer one kept
 * until it outgrew the limit (8 MB of floats, an Opus minute's worth) stayed
 * for the collector through the rest of the job, its peak included: more
 * than the upload of a small programme.
 */
const STREAMED_RETAIN_BYTES = 0;
/** Integrated loudness at or below which audio counts as silent (the absolute gate). */
export const SILENCE_LUFS = -70;

/** A normalised file and its figures. */
export interface NormalizeResult extends NormalizedFigures {
  audio: Uint8Array;
}

/**
 * A normalised file, perhaps not held (made again as it is sent: see
 * {@linkcode normalizeAudioStreamed}), and its figures.
 */
export interface StreamedNormalizeResult extends NormalizedFigures {
  audio: Uint8Array | EncodedAudio;
}

/** What a normalisation reports besides the bytes. */
export interface NormalizedFigures {
  mimeType: string;
  format: OutputFormat;
  durationSeconds: number;
  sampleRate: number;
  channels: number;
  /** The input's measurement. */
  input: Loudness;
  /**
   * The result's figures: measured on the encoded bytes, or, for a plain gain
   * written losslessly, the input's moved by the gain (exact by arithmetic).
   */
  output: Loudness;
  target: LoudnessTarget;
  normalizationType: NormalizationType;
  /** Whether the gain was linear or limited, and why. */
  gainDecision: GainDecision;
  /** Gain applied before any limiting, dB. */
  gainDb: number;
  /** Passes over the audio, the measurement included (in process or through ffmpeg). */
  passes: number;
}

/** Options of {@linkcode normalizeAudio}. */
export interface NormalizeOptions {
  limits: AudioLimits;
  /** Bounds concurrent ffmpeg work; the checks before it run outside the gate. */
  gate?: Gate | undefined;
  /**
   * Largest decoded input kept in memory (as 32-bit floats) for the pass that
   * writes the result, in bytes; longer compressed inputs are decoded again
   * instead (PCM WAV is read in place at any length). Default 32 MB.
   */
  retainPcmBytes?: number | undefined;
  signal?: AbortSignal | undefined;
  /**
   * The caller does not use `bytes` afterwards: a plain gain on a 16-bit WAV
   * is then written over them (the result is a view of `bytes`), so a long
   * programme is not held twice. Default false.
   */
  reuseInput?: boolean | undefined;
}

/** Refuses measurements that cannot be normalised. */
function checkMeasurement(measurement: Measurement): void {
  if (measurement.durationSeconds < MIN_SECONDS) {
    throw new UnprocessableError(
      `Audio is too short: "${measurement.durationSeconds}" s, at least ${MIN_SECONDS} s is needed`,
    );
  }
  const { integratedLufs, truePeakDbtp } = measurement.loudness;
  if (integratedLufs <= SILENCE_LUFS || !Number.isFinite(truePeakDbtp)) {
    throw new UnprocessableError(`Audio is silent: integrated loudness is at or below ${SILENCE_LUFS} LUFS`);
  }
}

/** Runs passes until one is on target, then falls back to the best one or a safe gain. */
async function converge(job: Job, mode: NormalizationMode) {
  const input = job.measurement.loudness;
  const attempts: Attempt[] = [];
  // Only the best result so far keeps its bytes, so memory does not grow with the passes.
  let best: (Attempt & { audio: PassResult["audio"] }) | undefined;
  let plan: Plan | undefined = firstPlan(input, job.target, mode, headroomOf(job.format));
  while (plan && attempts.length < maxPasses(mode)) {
    const { audio, output } = await applyPlan(job, plan);
    const attempt = { plan, output };
    if (isOnTarget(attempt, job.target)) return { ...attempt, audio, passes: attempts.length + 1 };
    attempts.push(attempt);
    if (bestAttempt(best ? [best, attempt] : [attempt], job.target) === attempt) best = { ...attempt, audio };
    plan = nextPlan(input, job.target, mode, attempts);
  }
  if (best) return { ...best, passes: attempts.length };
  const safe = safePlan(input, job.target, headroomOf(job.format) + 1);
  const { audio, output } = await applyPlan(job, safe);
  return { plan: safe, output, audio, passes: attempts.length + 1 };
}

/**
 * Normalises the loudness of `bytes`.
 *
 * @returns The encoded result with the input's and output's measurements.
 * @throws {InvalidInputError} Empty or unrecognised bytes, a bad target.
 * @throws {PayloadTooLargeError} Over the size or duration cap.
 * @throws {UnprocessableError} Undecodable, silent or too-short audio.
 * @throws {UnavailableError} ffmpeg missing, or the gate is full.
 * @throws {UpstreamTimeoutError} Over the time budget.
 */
export async function normalizeAudio(
  bytes: Uint8Array,
  request: NormalizeRequest,
  options: NormalizeOptions,
): Promise<NormalizeResult> {
  const checked = precheckAudio(bytes, request, options.limits);
  const work = () => normalizeChecked(bytes, request, checked, options, false);
  const result = options.gate ? await options.gate.run(work, options.signal) : await work();
  return { ...result, audio: result.audio as Uint8Array };
}

/**
 * Normalises the loudness of `bytes` as {@linkcode normalizeAudio} does, but
 * without holding a result ffmpeg encodes: it is measured as it is made and
 * made again as the answer is sent. The job keeps its slot of the gate until
 * that stream ends (sent, failed or cancelled), or for twice the time budget
 * when nobody reads it. A plain gain on a WAV is still written in process.
 */
export async function normalizeAudioStreamed(
  bytes: Uint8Array,
  request: NormalizeRequest,
  options: NormalizeOptions,
): Promise<StreamedNormalizeResult> {
  const checked = precheckAudio(bytes, request, options.limits);
  // No PCM is kept: the encoder decodes the upload it is fed, which is held anyway.
  const work = () =>
    normalizeChecked(bytes, request, checked, { retainPcmBytes: STREAMED_RETAIN_BYTES, ...options }, true);
  if (!options.gate) return await work();
  const handed = Promise.withResolvers<StreamedNormalizeResult>();
  const slot = options.gate.run(async () => {
    const result = await work();
    if (result.audio instanceof Uint8Array) return handed.resolve(result);
    const sent = Promise.withResolvers<void>();
    const timer = setTimeout(sent.resolve, options.limits.timeoutMs * 2);
    handed.resolve({ ...result, audio: withEnd(result.audio, sent.resolve) });
    await sent.promise;
    clearTimeout(timer);
  }, options.signal);
  slot.catch(handed.reject);
  return await handed.promise;
}

/** Runs a checked normalisation: measure, converge, report (see {@linkcode normalizeAudio}). */
async function normalizeChecked(
  bytes: Uint8Array,
  request: NormalizeRequest,
  { target, kind }: ReturnType<typeof precheckAudio>,
  options: NormalizeOptions,
  streamResult: boolean,
): Promise<StreamedNormalizeResult> {
  const { limits, signal, retainPcmBytes = DEFAULT_RETAIN_BYTES, reuseInput } = options;
  const work = async (): Promise<StreamedNormalizeResult> => {
    const deadline = Date.now() + limits.timeoutMs;
    // An MP4 with its index last is fed with the index first, as views of the upload and one small copy.
    const pieces = kind === "mp4" ? moovFirstPieces(bytes) : [bytes];
    const stdin = pieces.length > 1 ? pieces : undefined;
    const measurement = await measureAudio(bytes, {
      kind,
      ffmpegPath: limits.ffmpegPath,
      maxSeconds: limits.maxSeconds,
      timeoutMs: remaining(deadline),
      signal,
      retainBytes: kind === "wav" ? 0 : retainPcmBytes,
      stdin,
    });
    checkMeasurement(measurement);
    const format = request.format ?? defaultFormat(measurement.stream);
    const job: Job = {
      bytes,
      stdin,
      kind,
      measurement,
      target,
      format,
      limits,
      deadline,
      signal,
      reuseInput,
      streamResult,
    };
    const mode = request.mode ?? "auto";
    const result = await converge(job, mode);
    const stream: StreamInfo = measurement.stream;
    return {
      audio: result.audio,
      mimeType: mimeTypeOf(format),
      format,
      durationSeconds: measurement.durationSeconds,
      sampleRate: outputRate(format, stream.sampleRate),
      channels: outputLayout(format, stream) === stream.layout ? stream.channels : 2,
      input: measurement.loudness,
      output: result.output,
      target,
      normalizationType: result.plan.type,
      gainDecision: explainGain({
        input: measurement.loudness,
        output: result.output,
        target,
        mode,
        type: result.plan.type,
        encoderHeadroomDb: headroomOf(format),
      }),
      gainDb: Math.round(result.plan.gainDb * 100) / 100,
      passes: result.passes + 1,
    };
  };
  try {
    return await work();
  } catch (error) {
    // A pass reports the time it had left; the caller wants the whole budget.
    if (!(error instanceof UpstreamTimeoutError)) throw error;
    throw new UpstreamTimeoutError(
      `Audio processing took longer than ${formatSeconds(limits.timeoutMs / 1000)}: try a shorter file`,
      { cause: error },
    );
  }
}
