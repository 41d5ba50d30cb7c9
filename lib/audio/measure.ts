/**
 * Measures audio bytes with ffmpeg's `ebur128` filter (EBU R128: integrated
 * loudness, true peak, loudness range) in one decoding pass over a pipe, and
 * reports the decoded stream and its duration.
 *
 * @module
 */
import { PayloadTooLargeError, UnprocessableError } from "../errors.ts";
import { type ContainerKind, pipeInputArgs } from "./containers.ts";
import { runFfmpeg } from "./ffmpeg.ts";
import { formatSeconds } from "./limits.ts";
import {
  type Loudness,
  parseInputStream,
  parseLoudnessSummary,
  parseProcessedSeconds,
  type StreamInfo,
} from "./ffmpeg_log.ts";

/** The filter that measures; per-frame lines go to a level the log does not show. */
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

/**
 * Reads the figures of a finished run: the input stream, the decoded
 * duration and the `ebur128` summary.
 *
 * @throws {UnprocessableError} When no audio was decoded or the log lacks the figures.
 */
export function readMeasurement(stderr: string): Measurement {
  const stream = parseInputStream(stderr);
  const durationSeconds = parseProcessedSeconds(stderr);
  const loudness = parseLoudnessSummary(stderr);
  if (!stream) throw new UnprocessableError("Cannot process audio: no decodable audio stream");
  if (!durationSeconds || !loudness) {
    throw new UnprocessableError("Cannot process audio: no audio could be decoded", {
      cause: new Error(stderr.slice(-4000)),
    });
  }
  return { loudness, stream, durationSeconds };
}

/**
 * Measures `bytes`.
 *
 * @returns Loudness, stream and duration.
 * @throws {PayloadTooLargeError} When the audio is longer than `maxSeconds`.
 * @throws {UnprocessableError} When the audio cannot be decoded.
 */
export async function measureAudio(bytes: Uint8Array, options: MeasureOptions): Promise<Measurement> {
  const { kind, ffmpegPath, maxSeconds, timeoutMs, signal } = options;
  const args = [
    ...BASE_ARGS,
    ...pipeInputArgs(kind, maxSeconds + 1),
    ...AUDIO_ONLY_ARGS,
    "-af",
    EBUR128_FILTER,
    "-f",
    "null",
    "-",
  ];
  let stderr: string;
  try {
    ({ stderr } = await runFfmpeg(args, { ffmpegPath, stdin: bytes, timeoutMs, signal }));
  } catch (error) {
    throw explainFailure(error);
  }
  const measurement = readMeasurement(stderr);
  if (measurement.durationSeconds > maxSeconds) {
    throw new PayloadTooLargeError(`Audio is longer than the ${formatSeconds(maxSeconds)} limit`);
  }
  return measurement;
}
