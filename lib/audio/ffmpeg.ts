/**
 * Runs the system ffmpeg over pipes: the input is written to its stdin, the
 * result is read from its stdout, nothing touches the disk. Each run has a
 * wall-clock budget (the process is killed when it ends), an output size cap,
 * an empty environment, and failures mapped onto the service's error model.
 *
 * @module
 */
import {
  PayloadTooLargeError,
  UnavailableError,
  UnprocessableError,
  UpstreamTimeoutError,
} from "../shared/errors.ts";
import { classifySpawnError, type FfmpegUnavailableReason, probeFfmpeg } from "./ffmpeg_probe.ts";
import { formatBytes } from "../shared/format.ts";
import { eachPiece } from "../shared/byte_pieces.ts";
import { DEFAULT_AUDIO_LIMITS } from "./limits.ts";
import { createLogKeeper } from "./ffmpeg_log.ts";

/** Options of one ffmpeg run. */
export interface FfmpegRunOptions {
  /** The ffmpeg executable. */
  ffmpegPath: string;
  /**
   * Bytes written to ffmpeg's stdin (read by it as `pipe:0`): at once, as
   * pieces in order (views of one held upload), or as a stream of chunks.
   */
  stdin?: FfmpegInput;
  /** Wall-clock budget in milliseconds; the process is killed when it runs out. */
  timeoutMs: number;
  /** Aborts the run (the process is killed) when the caller goes away. */
  signal?: AbortSignal;
  /** Largest stdout accepted, in bytes (default 0: no output expected). */
  maxOutputBytes?: number;
  /** Expected stdout size, to allocate the output buffer once. */
  outputSizeHint?: number;
  /**
   * Receives stdout chunk by chunk instead of collecting it (the result's
   * `stdout` is then empty). A chunk is only valid until the promise returned
   * settles (stdout is read into one buffer again and again): a receiver that
   * keeps one copies it. A throw kills ffmpeg and rejects the run.
   */
  onStdout?: (chunk: Uint8Array) => void | Promise<void>;
  /** Sees the log as it arrives. */
  onStderr?: (text: string) => void;
}

/** What ffmpeg's stdin is fed from. */
export type FfmpegInput = Uint8Array | readonly Uint8Array[] | AsyncIterable<Uint8Array>;

/** What a successful run produced. */
export interface FfmpegResult {
  /** Everything ffmpeg wrote to stdout. */
  stdout: Uint8Array;
  /** ffmpeg's log (its start and end when it was very long). */
  stderr: string;
}

/** What the caller is told when ffmpeg cannot be started, by reason. */
const UNAVAILABLE_MESSAGES: Record<FfmpegUnavailableReason, string> = {
  missing_binary: "Audio processing is unavailable: ffmpeg is not installed on this server",
  missing_permission: "Audio processing is unavailable: this server is not permitted to run ffmpeg",
  not_runnable: "Audio processing is unavailable: ffmpeg cannot be run on this server",
};

/** Maps any failure to spawn ffmpeg to a 503 naming the reason (details for operators in `cause`). */
function unavailable(error: unknown, ffmpegPath: string): UnavailableError {
  const { reason, detail } = classifySpawnError(error, ffmpegPath);
  return new UnavailableError(UNAVAILABLE_MESSAGES[reason], {
    cause: new Error(detail, { cause: error }),
    retryAfterSeconds: 300,
    details: { reason },
  });
}

/** Counters for tests and benchmarks. */
export const ffmpegStats: { spawns: number } = { spawns: 0 };

const STDIN_CHUNK = 1 << 20;

/** A growable byte buffer that avoids a final copy when the size hint is right. */
function createSink(hint: number) {
  let buffer = new Uint8Array(Math.max(hint, 64 * 1024));
  let length = 0;
  return {
    get length() {
      return length;
    },
    push(chunk: Uint8Array) {
      if (length + chunk.length > buffer.length) {
        const grown = new Uint8Array(Math.max(length + chunk.length, Math.ceil(buffer.length * 1.5)));
        grown.set(buffer.subarray(0, length));
        buffer = grown;
      }
      buffer.set(chunk, length);
      length += chunk.length;
    },
    bytes: () => buffer.subarray(0, length),
  };
}

/**
 * The most telling line of a failed run's log, without ffmpeg's
 * `[component @ 0x…]` prefixes, e.g. `Invalid data found when processing input`.
 */
export function ffmpegFailureReason(stderr: string): string {
  const lines = stderr.split(/[\r\n]+/).map((line) => line.replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/, "").trim())
    .filter((line) => line !== "" && line !== "Conversion failed!");
  const telling = lines.findLast((line) =>
    /error|invalid|fail|not found|matches no|unsupported|could not|cannot|unable/i.test(line)
  );
  return (telling ?? lines.at(-1) ?? "no output").replace(/^pipe:0?:\s*/, "").slice(0, 200);
}

/**
 * Writes `bytes` to the child's stdin in slices; a closed pipe (ffmpeg done
 * reading, or killed) is not an error, a failing source is.
 */
async function feed(
  stdin: WritableStream<Uint8Array>,
  bytes: FfmpegInput | undefined,
): Promise<void> {
  const writer = stdin.getWriter();
  const write = (chunk: Uint8Array) => writer.write(chunk).then(() => true, () => false);
  try {
    if (bytes instanceof Uint8Array || Array.isArray(bytes)) {
      for (const piece of bytes instanceof Uint8Array ? [bytes] : bytes as readonly Uint8Array[]) {
        for (let at = 0; at < piece.length; at += STDIN_CHUNK) {
          if (!await write(piece.subarray(at, at + STDIN_CHUNK))) return;
        }
      }
    } else if (bytes) {
      for await (const chunk of bytes as AsyncIterable<Uint8Array>) if (!await write(chunk)) return;
    }
    await writer.close().catch(() => {});
  } catch (error) {
    await writer.abort().catch(() => {});
    throw error;
  }
}

/** Starts ffmpeg with `args`, piped, in an empty environment (a 503 naming the reason when it cannot start). */
function spawnFfmpeg(ffmpegPath: string, args: string[]): Deno.ChildProcess {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(ffmpegPath, {
      args,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      clearEnv: true,
      env: {},
      cwd: "/",
    }).spawn();
  } catch (error) {
    throw unavailable(error, ffmpegPath);
  }
  ffmpegStats.spawns++;
  return child;
}

/** Why a run was stopped before ffmpeg ended (other than a refusal, whose own error is thrown). */
type StopReason = "timeout" | "aborted" | "too_large";

/** The error for a run that was stopped: the signal's reason, a timeout, or output past its cap. */
function stopError(
  stop: StopReason,
  { signal, timeoutMs, maxOutputBytes }: {
    signal?: AbortSignal | undefined;
    timeoutMs: number;
    maxOutputBytes: number;
  },
): unknown {
  if (stop === "aborted") return signal?.reason ?? new DOMException("Aborted", "AbortError");
  if (stop === "timeout") {
    return new UpstreamTimeoutError(
      `Audio processing took longer than ${
        timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`
      }: try a shorter file`,
    );
  }
  return new PayloadTooLargeError(
    `Normalised audio is larger than ${formatBytes(maxOutputBytes)}: choose a compressed format`,
  );
}

/**
 * Runs ffmpeg with `args` (the caller supplies every argument, including the
 * hardening flags), feeding `options.stdin` and collecting stdout.
 *
 * @returns stdout and the log.
 * @throws {UnavailableError} When ffmpeg cannot be started (missing, not permitted, not executable);
 *   `details.reason` says which.
 * @throws {UpstreamTimeoutError} When the run outlives `timeoutMs`.
 * @throws {PayloadTooLargeError} When stdout grows past `maxOutputBytes`.
 * @throws {UnprocessableError} When ffmpeg exits non-zero (the input could not be decoded or encoded).
 * @throws The signal's reason when `options.signal` aborts.
 */
export async function runFfmpeg(args: string[], options: FfmpegRunOptions): Promise<FfmpegResult> {
  const { ffmpegPath, stdin, timeoutMs, signal, maxOutputBytes = 0, outputSizeHint = 0, onStdout, onStderr } =
    options;
  signal?.throwIfAborted();
  const child = spawnFfmpeg(ffmpegPath, args);

  let stop: StopReason | "refused" | undefined;
  let refusal: unknown;
  const kill = (why: typeof stop) => {
    stop ??= why;
    try {
      child.kill("SIGKILL");
    } catch {
      // Already exited.
    }
  };
  const timer = setTimeout(() => kill("timeout"), timeoutMs);
  const onAbort = () => kill("aborted");
  signal?.addEventListener("abort", onAbort, { once: true });

  const sink = createSink(outputSizeHint);
  const log = createLogKeeper();
  // Read into one scratch buffer: a decoded programme through the pipe leaves nothing for the collector.
  const readStdout = eachPiece(child.stdout, async (chunk) => {
    if (stop) return;
    if (onStdout) {
      try {
        await onStdout(chunk);
      } catch (error) {
        refusal = error;
        kill("refused");
      }
    } else if (sink.length + chunk.length > maxOutputBytes) kill("too_large");
    else sink.push(chunk);
  });
  const readStderr = (async () => {
    for await (const text of child.stderr.pipeThrough(new TextDecoderStream())) {
      log.push(text);
      onStderr?.(text);
    }
  })();

  try {
    const feeding = feed(child.stdin, stdin).catch((error) => {
      refusal = error;
      kill("refused");
    });
    const [status] = await Promise.all([child.status, feeding, readStdout, readStderr]);
    if (stop === "refused") throw refusal;
    if (stop) throw stopError(stop, { signal, timeoutMs, maxOutputBytes });
    const stderr = log.text();
    if (!status.success) {
      throw new UnprocessableError(`Cannot process audio: ${ffmpegFailureReason(stderr)}`, {
        cause: new Error(`ffmpeg exited with code ${status.code}\n${stderr.slice(-4000)}`),
      });
    }
    return { stdout: sink.bytes(), stderr };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** Whether ffmpeg can be run, and which version it is. */
export interface FfmpegAvailability {
  ok: boolean;
  /** e.g. `"5.1.9-0+deb12u1"`. */
  version?: string;
  /** Why it cannot be run. */
  error?: string;
  /** The kind of reason, when it cannot be run. */
  reason?: FfmpegUnavailableReason;
}

const availability = new Map<string, Promise<FfmpegAvailability>>();

/**
 * Checks once per executable whether ffmpeg runs (for `/healthz`); the answer
 * is cached. See {@linkcode probeFfmpeg} for an uncached probe.
 *
 * @param ffmpegPath The executable (default: `ffmpeg` on `PATH`).
 * @returns `{ok: true, version}` or `{ok: false, error, reason}`.
 */
export function ffmpegAvailable(ffmpegPath?: string): Promise<FfmpegAvailability> {
  const path = ffmpegPath ?? DEFAULT_AUDIO_LIMITS.ffmpegPath;
  let answer = availability.get(path);
  if (!answer) {
    answer = probeFfmpeg(path).then((found) =>
      found.available
        ? { ok: true, version: found.version }
        : { ok: false, error: found.detail, reason: found.reason }
    );
    availability.set(path, answer);
  }
  return answer;
}
