/**
 * Limits for audio normalisation (size, duration, time, concurrency) and the
 * shared gate that bounds how many ffmpeg jobs run at once. Limits come from
 * defaults overridden by `AUDIO_MAX_BYTES`, `AUDIO_MAX_SECONDS`,
 * `AUDIO_CONCURRENCY`, `AUDIO_QUEUE`, `AUDIO_TIMEOUT_MS` and `FFMPEG_PATH`.
 *
 * @module
 */
import { createGate, type Gate } from "../concurrency.ts";

/** Bounds on one normalisation request and on the service as a whole. */
export interface AudioLimits {
  /** Largest accepted input in bytes (larger → 413). */
  maxBytes: number;
  /** Longest accepted input in seconds (longer → 413). */
  maxSeconds: number;
  /** Wall-clock budget of one request in milliseconds; ffmpeg is killed past it (→ 504). */
  timeoutMs: number;
  /** ffmpeg jobs that may run at once. */
  concurrency: number;
  /** Requests that may wait for a slot; more get a 503 with `Retry-After`. */
  queue: number;
  /** The ffmpeg executable (a name looked up on `PATH`, or a path). */
  ffmpegPath: string;
}

/** The limits plus the gate that enforces the concurrency bounds. */
export interface AudioService {
  /** The limits in force. */
  readonly limits: AudioLimits;
  /** Bounds concurrent ffmpeg work. */
  readonly gate: Gate;
}

/** Limits used when neither the environment nor the caller says otherwise. */
export const DEFAULT_AUDIO_LIMITS: Readonly<AudioLimits> = Object.freeze({
  maxBytes: 50 * 1024 * 1024,
  maxSeconds: 15 * 60,
  timeoutMs: 120_000,
  concurrency: 2,
  queue: 8,
  ffmpegPath: "ffmpeg",
});

/** Reads one environment variable, treating a denied permission as unset. */
function readEnv(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}

/** Parses a number of at least `min` from the environment, or throws a setup error. */
function numberFromEnv(name: string, fallback: number, min: number): number {
  const raw = readEnv(name);
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) {
    throw new RangeError(`Invalid ${name} "${raw}": expected a number of at least ${min}`);
  }
  return value;
}

/**
 * Reads the limits from the environment over {@linkcode DEFAULT_AUDIO_LIMITS}.
 *
 * @returns The limits in force.
 * @throws {RangeError} When a variable is set to something that is not a number in range.
 */
export function audioLimitsFromEnv(): AudioLimits {
  const d = DEFAULT_AUDIO_LIMITS;
  return {
    maxBytes: Math.floor(numberFromEnv("AUDIO_MAX_BYTES", d.maxBytes, 1)),
    maxSeconds: numberFromEnv("AUDIO_MAX_SECONDS", d.maxSeconds, 1),
    timeoutMs: numberFromEnv("AUDIO_TIMEOUT_MS", d.timeoutMs, 1),
    concurrency: Math.floor(numberFromEnv("AUDIO_CONCURRENCY", d.concurrency, 1)),
    queue: Math.floor(numberFromEnv("AUDIO_QUEUE", d.queue, 0)),
    ffmpegPath: readEnv("FFMPEG_PATH")?.trim() || d.ffmpegPath,
  };
}

/**
 * Creates an audio service: limits (environment, then `overrides`) and a gate.
 *
 * @example A service for tests with a small duration cap
 * ```ts
 * const audio = createAudioService({ maxSeconds: 5 });
 * ```
 */
export function createAudioService(overrides: Partial<AudioLimits> = {}): AudioService {
  const limits = { ...audioLimitsFromEnv(), ...overrides };
  const gate = createGate({
    concurrency: limits.concurrency,
    queue: limits.queue,
    name: "audio normalisation",
    retryAfterSeconds: 5,
  });
  return { limits, gate };
}

/** A duration limit for messages: `900` → `"15 min"`, `90` → `"90 s"`. */
export function formatSeconds(seconds: number): string {
  return seconds >= 120 && seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

/** A size limit for messages: `52428800` → `"50 MB"`, `102400` → `"100 KB"`. */
export function formatBytes(bytes: number): string {
  return bytes >= 2 ** 20 ? `${Math.round(bytes / 2 ** 20)} MB` : `${Math.round(bytes / 1024)} KB`;
}

let shared: AudioService | undefined;

/** The process-wide audio service, created from the environment on first use. */
export function sharedAudioService(): AudioService {
  shared ??= createAudioService();
  return shared;
}
