/**
 * One pass over the audio with a plan: a plain gain into mono or stereo WAV
 * written in process, anything else through one ffmpeg run fed with the
 * input's samples, and the result's figures (by arithmetic where exact,
 * otherwise measured).
 *
 * @module
 */
import { PayloadTooLargeError, UnprocessableError } from "../shared/errors.ts";
import { formatBytes } from "../shared/format.ts";
import { createChunkPipe, createFingerprint, type EncodedAudio, encodedAudio } from "./encoded_result.ts";
import { type ContainerKind, pipeInputArgs } from "./containers.ts";
import { type FfmpegInput, runFfmpeg } from "./ffmpeg.ts";
import { type Loudness, parseLoudnessSummary, type StreamInfo } from "./ffmpeg_log.ts";
import {
  containerOf,
  encoderArgs,
  estimateOutputBytes,
  finishOutput,
  isLossless,
  type OutputFormat,
  outputLayout,
  outputRate,
  patchWavSizes,
} from "./formats.ts";
import type { AudioLimits } from "./limits.ts";
import {
  AUDIO_ONLY_ARGS,
  BASE_ARGS,
  EBUR128_FILTER,
  measureAudio,
  type Measurement,
  measureStream,
} from "./measure.ts";
import { tenth } from "./stream_meters.ts";
import { floatByteViews } from "./pcm.ts";
import { type PcmSource, pcmSource, wavInPlace } from "./pcm_source.ts";
import { filterChain, isOnTarget, type Plan } from "./plan.ts";
import type { LoudnessTarget } from "./presets.ts";
import { canWriteWav, rescaleWav16, writeWav } from "./wav_writer.ts";

/** Everything a pass needs besides its plan. */
export interface Job {
  bytes: Uint8Array;
  kind: ContainerKind;
  measurement: Measurement;
  target: LoudnessTarget;
  format: OutputFormat;
  limits: AudioLimits;
  deadline: number;
  signal?: AbortSignal | undefined;
  /** The caller gives `bytes` up: a final plain-gain WAV may be written over them. */
  reuseInput?: boolean | undefined;
  /** What ffmpeg reads, when not `bytes` themselves (an MP4's pieces with its index first). */
  stdin?: FfmpegInput | undefined;
  /**
   * An ffmpeg-encoded result is not kept: it is counted, fingerprinted and
   * measured as it is made, and made again when sent (see `encoded_result.ts`).
   */
  streamResult?: boolean | undefined;
}

/** What one pass made: the result's bytes (or how to make them again), and its figures. */
export interface PassResult {
  audio: Uint8Array | EncodedAudio;
  output: Loudness;
}

/** Milliseconds left of the request's budget (at least 1, so an expired budget fails at once). */
export function remaining(deadline: number): number {
  return Math.max(1, deadline - Date.now());
}

/**
 * The result's figures when they follow from the input's by arithmetic: a
 * plain gain written losslessly at the same rate and layout scales every
 * sample, so loudness, peak and threshold move by the gain and the range
 * stays. Anything else (limiter, loudnorm, lossy codec, resampling, downmix)
 * has to be measured.
 */
function predictedOutput(job: Job, plan: Plan): Loudness | undefined {
  const { stream, loudness } = job.measurement;
  const plain = plan.type === "linear" || plan.type === "linear_lowered";
  const unchanged = outputLayout(job.format, stream) === stream.layout &&
    outputRate(job.format, stream.sampleRate) === stream.sampleRate;
  if (!plain || !unchanged || !isLossless(job.format)) return undefined;
  return {
    integratedLufs: tenth(loudness.integratedLufs + plan.gainDb),
    truePeakDbtp: tenth(loudness.truePeakDbtp + plan.gainDb),
    lra: loudness.lra,
    threshold: tenth(loudness.threshold + plan.gainDb),
  };
}

/** Where a pass reads the input's samples from. */
function sourceOf(job: Job): PcmSource {
  return pcmSource(job.bytes, {
    kind: job.kind,
    measurement: job.measurement,
    ffmpegPath: job.limits.ffmpegPath,
    maxSeconds: job.limits.maxSeconds,
    timeoutMs: remaining(job.deadline),
    signal: job.signal,
    stdin: job.stdin,
  });
}

/**
 * Runs one pass. A plain gain into a mono or stereo WAV is written in
 * process; anything else goes once through ffmpeg (the input's samples in,
 * filters and encoder out), then is measured unless it follows from the input.
 */
export async function applyPlan(job: Job, plan: Plan): Promise<PassResult> {
  const { stream, loudness, durationSeconds, frames } = job.measurement;
  const predicted = predictedOutput(job, plan);
  if (predicted && job.format === "wav" && canWriteWav(stream.channels)) {
    job.signal?.throwIfAborted();
    const bits = (stream.bits ?? 16) > 16 ? 24 : 16;
    const shape = { sampleRate: stream.sampleRate, channels: stream.channels, bits, frames } as const;
    const wav = wavInPlace(job.bytes, job.kind, job.measurement);
    // Overwriting the input is safe only when no later pass will read it again.
    const inPlace = job.reuseInput === true && isOnTarget({ plan, output: predicted }, job.target);
    const audio = (wav && rescaleWav16(job.bytes, wav, plan.gainDb, inPlace)) ??
      await writeWav(sourceOf(job), shape, plan.gainDb);
    return { audio, output: predicted };
  }
  const measureInline = !predicted && isLossless(job.format);
  const chain = filterChain(plan, loudness, job.target, {
    layout: outputLayout(job.format, stream),
    sampleRate: outputRate(job.format, stream.sampleRate),
    ...(measureInline ? { measure: EBUR128_FILTER } : {}),
  });
  const input = encoderInput(job);
  const args = [...BASE_ARGS, ...input.args, "-af", chain, ...encoderArgs(job.format, stream)];
  if (job.streamResult) return await countedPass(job, args, predicted, measureInline);
  const { stdout, stderr } = await runFfmpeg(args, {
    ffmpegPath: job.limits.ffmpegPath,
    stdin: input.stdin(),
    timeoutMs: remaining(job.deadline),
    signal: job.signal,
    maxOutputBytes: job.limits.maxBytes * 4,
    outputSizeHint: estimateOutputBytes(job.format, stream, durationSeconds),
  });
  const audio = finishOutput(job.format, stdout);
  if (predicted) return { audio, output: predicted };
  if (measureInline) {
    const output = parseLoudnessSummary(stderr);
    if (!output) throw new UnprocessableError("Cannot process audio: the result could not be measured");
    return { audio, output };
  }
  const reread = await measureAudio(audio, {
    kind: containerOf(job.format),
    ffmpegPath: job.limits.ffmpegPath,
    maxSeconds: job.limits.maxSeconds + 60,
    timeoutMs: remaining(job.deadline),
    signal: job.signal,
  });
  return { audio, output: reread.loudness };
}

/**
 * Runs a pass whose result is not kept: its bytes are counted and
 * fingerprinted, streamed to a second ffmpeg that measures them when their
 * figures must be read from the encoding, and the result is the way to make
 * them again.
 */
async function countedPass(
  job: Job,
  args: string[],
  predicted: Loudness | undefined,
  measureInline: boolean,
): Promise<PassResult> {
  const input = encoderInput(job);
  const print = createFingerprint();
  const toMeter = predicted || measureInline ? undefined : createChunkPipe();
  const reread = toMeter && measureStream(toMeter, {
    kind: containerOf(job.format),
    ffmpegPath: job.limits.ffmpegPath,
    maxSeconds: job.limits.maxSeconds + 60,
    timeoutMs: remaining(job.deadline),
    signal: job.signal,
  });
  reread?.catch(() => {}); // awaited below, once the encoder is done
  const maxBytes = job.limits.maxBytes * 4;
  let stderr: string;
  try {
    ({ stderr } = await runFfmpeg(args, {
      ffmpegPath: job.limits.ffmpegPath,
      stdin: input.stdin(),
      timeoutMs: remaining(job.deadline),
      signal: job.signal,
      onStdout: async (chunk) => {
        print.push(chunk);
        if (print.result().length > maxBytes) throw tooLargeResult(maxBytes);
        // ffmpeg's stdout is read into one buffer again: the meter's ffmpeg is handed the chunk itself and
        // done with it (written to its pipe) before that buffer is read into again. No copy to collect.
        await toMeter?.handOver(chunk);
      },
    }));
    toMeter?.close();
  } catch (error) {
    toMeter?.fail(error);
    throw error;
  }
  const { length, fingerprint } = print.result();
  const output = predicted ?? (measureInline ? parseLoudnessSummary(stderr) : (await reread!).loudness);
  if (!output) throw new UnprocessableError("Cannot process audio: the result could not be measured");
  const audio = encodedAudio({
    byteLength: length,
    fingerprint,
    patchHead: job.format === "wav" ? patchWavSizes : undefined,
    async run(emit, signal) {
      const again: Job = { ...job, signal, deadline: Date.now() + job.limits.timeoutMs };
      await runFfmpeg(args, {
        ffmpegPath: job.limits.ffmpegPath,
        stdin: encoderInput(again).stdin(),
        timeoutMs: job.limits.timeoutMs,
        signal,
        onStdout: emit,
      });
    },
  });
  return { audio, output };
}

/** The error for a result larger than `maxBytes`. */
function tooLargeResult(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(
    `Normalised audio is larger than ${formatBytes(maxBytes)}: choose a compressed format`,
  );
}

/**
 * What the encoding ffmpeg reads: the input's samples as this process holds
 * them (the PCM kept from the measurement, or a PCM WAV in place) as floats,
 * or else the input itself, decoded by the encoding ffmpeg (one process and no
 * PCM through this one, rather than a second ffmpeg decoding into a pipe).
 */
function encoderInput(job: Job): { args: string[]; stdin: () => FfmpegInput } {
  const { bytes, kind, measurement } = job;
  if (measurement.pcm || wavInPlace(bytes, kind, measurement)) {
    return { args: rawInputArgs(measurement.stream), stdin: () => floatByteViews(sourceOf(job)) };
  }
  return {
    args: [...pipeInputArgs(kind, job.limits.maxSeconds + 1), ...AUDIO_ONLY_ARGS],
    stdin: () => job.stdin ?? bytes,
  };
}

/** ffmpeg's arguments to read interleaved float PCM of `stream`'s shape from stdin, and nothing else. */
function rawInputArgs(stream: StreamInfo): string[] {
  return [
    "-protocol_whitelist",
    "pipe",
    "-f",
    "f32le",
    "-ar",
    String(stream.sampleRate),
    "-ch_layout",
    stream.layout,
    "-i",
    "pipe:0",
  ];
}
