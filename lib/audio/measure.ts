/**
 * Measures audio bytes in one decoding pass: ffmpeg decodes them to raw PCM
 * on a pipe, and the in-process meter reads it as it streams (EBU R128
 * integrated loudness, loudness range, and the true peak where it can
 * matter). A PCM WAV is read in place instead, without ffmpeg (see
 * `wav_meter.ts`). Optionally keeps the decoded PCM, when small, for the pass
 * that writes the result.
 *
 * @module
 */
import { PayloadTooLargeError, UnprocessableError } from "../shared/errors.ts";
import { type ContainerKind, pipeInputArgs } from "./containers.ts";
import { type FfmpegInput, runFfmpeg } from "./ffmpeg.ts";
import { type Loudness, parseInputStream, type StreamInfo } from "./ffmpeg_log.ts";
import { formatSeconds } from "../shared/format.ts";
import { createMeters } from "./stream_meters.ts";
import { createFrameReader, type PcmEncoding, pcmEncodingFor } from "./pcm.ts";
import { meterWav } from "./wav_meter.ts";
import { type WavPcm, wavPcm, wavStream } from "./wav_pcm.ts";

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
  /** What ffmpeg reads, when not the bytes themselves (e.g. an MP4's pieces with its index first). */
  stdin?: FfmpegInput | undefined;
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

/** The error for audio over the duration cap. */
function tooLong(maxSeconds: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`Audio is longer than the ${formatSeconds(maxSeconds)} limit`);
}

/**
 * Measures a PCM WAV where it lies, without ffmpeg: the header describes the
 * stream, and the meters read the samples in place. `undefined` when the
 * header names a layout this cannot read, for ffmpeg to decode instead.
 */
async function measureWavInPlace(
  bytes: Uint8Array,
  wav: WavPcm,
  options: MeasureOptions,
): Promise<Measurement | undefined> {
  const stream = wavStream(wav);
  if (!stream) return undefined;
  if (wav.frames > options.maxSeconds * wav.rate) throw tooLong(options.maxSeconds);
  if (wav.frames === 0) throw new UnprocessableError("Cannot process audio: no audio could be decoded");
  const loudness = await meterWav(bytes, wav, stream, {
    deadline: Date.now() + options.timeoutMs,
    signal: options.signal,
  });
  return { loudness, stream, durationSeconds: wav.frames / wav.rate, frames: wav.frames };
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
  return inPlace ??
    await measureDecoded(options.stdin ?? bytes, pcmEncodingFor(bytes, options.kind), options);
}

/**
 * Measures encoded audio as it streams in (a result being encoded, never held
 * whole), decoded by ffmpeg to floats.
 *
 * @throws {UnprocessableError} When the audio cannot be decoded.
 */
export function measureStream(
  chunks: AsyncIterable<Uint8Array>,
  options: MeasureOptions,
): Promise<Measurement> {
  return measureDecoded(chunks, "f32le", options);
}

/** Measures what ffmpeg decodes from `input` to `encoding`, streamed through a pipe. */
async function measureDecoded(
  input: FfmpegInput,
  encoding: PcmEncoding,
  options: MeasureOptions,
): Promise<Measurement> {
  const { kind, ffmpegPath, maxSeconds, timeoutMs, signal, retainBytes = 0 } = options;
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
      stdin: input,
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
