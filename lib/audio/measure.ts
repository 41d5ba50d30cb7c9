/**
 * Measures audio bytes in one decoding pass: ffmpeg decodes them to raw PCM
 * on a pipe, and the in-process meter reads it as it streams (EBU R128
 * integrated loudness, loudness range, and the true peak where it can
 * matter). A PCM WAV is read in place instead, checked against ffmpeg's
 * decode of it. Optionally keeps the decoded PCM, when small, for the pass
 * that writes the result.
 *
 * @module
 */
import { PayloadTooLargeError, UnprocessableError } from "../errors.ts";
import { type ContainerKind, pipeInputArgs } from "./containers.ts";
import { runFfmpeg } from "./ffmpeg.ts";
import { type Loudness, parseInputStream, parseProcessedSeconds, type StreamInfo } from "./ffmpeg_log.ts";
import { formatSeconds } from "./limits.ts";
import { channelWeights } from "./layouts.ts";
import { createLoudnessMeter } from "./meter.ts";
import { createFrameReader, type PcmEncoding, pcmEncodingFor } from "./pcm.ts";
import { createTruePeakMeter, toDb } from "./true_peak.ts";
import { wavChunks, type WavPcm, wavPcm } from "./wav_pcm.ts";

/** ffmpeg's own meter, for results a filter chain produces (limiter, `loudnorm`). */
export const EBUR128_FILTER = "ebur128=peak=true:framelog=verbose";

/** Arguments every ffmpeg run starts with. */
export const BASE_ARGS: readonly string[] = ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info"];

/** Arguments that keep only the first audio stream. */
export const AUDIO_ONLY_ARGS: readonly string[] = ["-map", "0:a:0", "-vn", "-sn", "-dn"];

/** What a measurement found. */
export interface Measurement {
  loudness: Loudness;
  stream: StreamInfo;
  durationSeconds: number;
  /** Decoded frames. */
  frames: number;
  /** The decoded PCM, interleaved floats in chunks, when it fitted `retainBytes`. */
  pcm?: Float32Array[];
}

/** Options of {@linkcode measureAudio}. */
export interface MeasureOptions {
  /** The container, as sniffed. */
  kind: ContainerKind;
  ffmpegPath: string;
  /** Longest audio accepted, in seconds: decoding stops just past it. */
  maxSeconds: number;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Keep the decoded PCM when it takes at most this many bytes as floats (default 0: never). */
  retainBytes?: number;
}

/**
 * Turns a failed run into a clearer error where the cause is known: no audio
 * stream at all.
 */
export function explainFailure(error: unknown): unknown {
  if (error instanceof UnprocessableError && /matches no streams/.test(error.message)) {
    return new UnprocessableError("Cannot process audio: the file has no audio stream", { cause: error });
  }
  return error;
}

/** Rounds to a tenth, the precision `ebur128` reports. */
export function tenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Waits for the input's description in ffmpeg's log, which it prints before any PCM. */
function streamFromLog() {
  let log = "";
  let settle: (stream: StreamInfo | undefined) => void = () => {};
  const stream = new Promise<StreamInfo | undefined>((resolve) => settle = resolve);
  return {
    stream,
    push(text: string) {
      if (log.length > 256 * 1024) return;
      log += text;
      if (/^(Stream mapping:|Output #0)/m.test(log)) settle(parseInputStream(log));
    },
    end: () => settle(parseInputStream(log)),
  };
}

/** The meters for one stream, and the figures they read. */
function createMeters(stream: StreamInfo) {
  const { sampleRate, channels, layout } = stream;
  const meter = createLoudnessMeter(sampleRate, channels, channelWeights(layout, channels));
  const peaks = createTruePeakMeter(channels);
  return {
    push(samples: Float32Array, frames: number) {
      meter.push(samples, frames);
      peaks.push(samples, frames, meter.lastPeaks());
    },
    loudness(): Loudness {
      const figures = meter.result();
      return {
        integratedLufs: tenth(figures.integratedLufs),
        truePeakDbtp: tenth(toDb(peaks.peak())),
        lra: tenth(figures.lra),
        threshold: tenth(figures.threshold),
      };
    },
  };
}

/** The error for audio over the duration cap. */
function tooLong(maxSeconds: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`Audio is longer than the ${formatSeconds(maxSeconds)} limit`);
}

/**
 * Measures a PCM WAV where it lies: ffmpeg decodes the same bytes alongside
 * (on another core) to describe and check the stream, while the meters read
 * the samples in place, so no PCM crosses a pipe. `undefined` when ffmpeg's
 * reading differs from ours (rate, channels or length), so the caller can
 * measure what ffmpeg decodes instead.
 */
async function measureWavInPlace(
  bytes: Uint8Array,
  wav: WavPcm,
  options: MeasureOptions,
): Promise<Measurement | undefined> {
  const { ffmpegPath, maxSeconds, timeoutMs, signal } = options;
  const args = [...BASE_ARGS, ...pipeInputArgs("wav", maxSeconds + 1), ...AUDIO_ONLY_ARGS, "-f", "null", "-"];
  const described = streamFromLog();
  // Stops the check when this pass ends early (refused, or handed over to the decoding path).
  const stop = new AbortController();
  const checking = runFfmpeg(args, {
    ffmpegPath,
    stdin: bytes,
    timeoutMs,
    signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal,
    onStderr: described.push,
  }).finally(described.end);
  checking.catch(() => {}); // awaited below; an early failure must not go unhandled meanwhile
  let finished = false;
  try {
    const stream = await described.stream;
    if (!stream) {
      await checking.catch((error) => {
        throw explainFailure(error);
      });
      throw new UnprocessableError("Cannot process audio: no decodable audio stream");
    }
    if (stream.sampleRate !== wav.rate || stream.channels !== wav.channels) return undefined;
    if (wav.frames > maxSeconds * wav.rate) throw tooLong(maxSeconds);
    const meters = createMeters(stream);
    let chunks = 0;
    for await (const samples of wavChunks(bytes, wav)) {
      meters.push(samples, samples.length / wav.channels);
      // Let the event loop feed ffmpeg now and then, so both cores keep working.
      if (++chunks % 8 === 0) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        signal?.throwIfAborted();
      }
    }
    let stderr: string;
    try {
      ({ stderr } = await checking);
    } catch (error) {
      throw explainFailure(error);
    }
    finished = true;
    const decodedSeconds = parseProcessedSeconds(stderr);
    const seconds = wav.frames / wav.rate;
    if (decodedSeconds === undefined || Math.abs(decodedSeconds - seconds) > 0.05) return undefined;
    if (wav.frames === 0) throw new UnprocessableError("Cannot process audio: no audio could be decoded");
    return { loudness: meters.loudness(), stream, durationSeconds: seconds, frames: wav.frames };
  } finally {
    if (!finished) stop.abort();
  }
}

/**
 * Measures `bytes`: a PCM WAV in place (see {@linkcode measureWavInPlace}),
 * anything else as ffmpeg decodes it to a pipe.
 *
 * @returns Loudness (to a tenth, as `ebur128` prints it), stream, duration and maybe the PCM.
 * @throws {PayloadTooLargeError} When the audio is longer than `maxSeconds`.
 * @throws {UnprocessableError} When the audio cannot be decoded.
 */
export async function measureAudio(bytes: Uint8Array, options: MeasureOptions): Promise<Measurement> {
  const wav = options.kind === "wav" ? wavPcm(bytes) : undefined;
  const inPlace = wav ? await measureWavInPlace(bytes, wav, options) : undefined;
  return inPlace ?? await measureDecoded(bytes, options);
}

/** Measures what ffmpeg decodes from `bytes`, streamed through a pipe. */
async function measureDecoded(bytes: Uint8Array, options: MeasureOptions): Promise<Measurement> {
  const { kind, ffmpegPath, maxSeconds, timeoutMs, signal, retainBytes = 0 } = options;
  const encoding: PcmEncoding = pcmEncodingFor(bytes, kind);
  const args = [
    ...BASE_ARGS,
    ...pipeInputArgs(kind, maxSeconds + 1),
    ...AUDIO_ONLY_ARGS,
    "-f",
    encoding,
    "pipe:1",
  ];
  const described = streamFromLog();
  let stream: StreamInfo | undefined;
  let reader: ReturnType<typeof createFrameReader> | undefined;
  let retained: Float32Array[] | undefined = retainBytes > 0 ? [] : undefined;
  let retainedBytes = 0;
  let meters: ReturnType<typeof createMeters> | undefined;

  /** Sets the meters up for the stream once ffmpeg has described it. */
  async function start(): Promise<NonNullable<typeof reader>> {
    stream = await described.stream;
    if (!stream) throw new UnprocessableError("Cannot process audio: no decodable audio stream");
    const { sampleRate, channels } = stream;
    meters = createMeters(stream);
    const maxFrames = Math.ceil(maxSeconds * sampleRate);
    return createFrameReader(encoding, channels, (samples, frames) => {
      meters!.push(samples, frames);
      if (reader!.frames() > maxFrames) throw tooLong(maxSeconds);
      if (!retained) return;
      retainedBytes += frames * channels * 4;
      if (retainedBytes > retainBytes) retained = undefined;
      else retained.push(samples.slice(0, frames * channels));
    });
  }

  try {
    await runFfmpeg(args, {
      ffmpegPath,
      stdin: bytes,
      timeoutMs,
      signal,
      onStderr: described.push,
      onStdout: async (chunk) => {
        reader ??= await start();
        reader.push(chunk);
      },
    });
  } catch (error) {
    throw explainFailure(error);
  } finally {
    described.end();
  }
  if (!stream || !reader || !meters || reader.frames() === 0) {
    throw new UnprocessableError("Cannot process audio: no audio could be decoded");
  }
  const frames = reader.frames();
  return {
    loudness: meters.loudness(),
    stream,
    durationSeconds: frames / stream.sampleRate,
    frames,
    ...(retained ? { pcm: retained } : {}),
  };
}
