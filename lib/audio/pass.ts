/**
 * One pass over the audio with a plan: a plain gain into mono or stereo WAV
 * written in process, anything else through one ffmpeg run fed with the
 * input's samples, and the result's figures (by arithmetic where exact,
 * otherwise measured).
 *
 * @module
 */
import { UnprocessableError } from "../shared/errors.ts";
import type { ContainerKind } from "./containers.ts";
import { runFfmpeg } from "./ffmpeg.ts";
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
} from "./formats.ts";
import type { AudioLimits } from "./limits.ts";
import { BASE_ARGS, EBUR128_FILTER, measureAudio, type Measurement } from "./measure.ts";
import { tenth } from "./stream_meters.ts";
import { floatBytes } from "./pcm.ts";
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
  });
}

/** The source's samples as `f32le` bytes for ffmpeg's stdin. */
async function* floatStream(source: PcmSource): AsyncIterable<Uint8Array> {
  for await (const samples of source) yield floatBytes(samples);
}

/**
 * Runs one pass. A plain gain into a mono or stereo WAV is written in
 * process; anything else goes once through ffmpeg (the input's samples in,
 * filters and encoder out), then is measured unless it follows from the input.
 */
export async function applyPlan(job: Job, plan: Plan): Promise<{ audio: Uint8Array; output: Loudness }> {
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
  const args = [
    ...BASE_ARGS,
    ...rawInputArgs(stream),
    "-af",
    chain,
    ...encoderArgs(job.format, stream),
  ];
  const { stdout, stderr } = await runFfmpeg(args, {
    ffmpegPath: job.limits.ffmpegPath,
    stdin: floatStream(sourceOf(job)),
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
