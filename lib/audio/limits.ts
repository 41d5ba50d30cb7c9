/**
 * Limits for audio normalisation (size, duration, time, concurrency) and the
 * gate that bounds how many ffmpeg jobs run at once. The configuration reads
 * the limits from the environment; the runtime builds the service from them.
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

/** Limits used when the configuration says nothing else. */
export const DEFAULT_AUDIO_LIMITS: Readonly<AudioLimits> = Object.freeze({
  maxBytes: 50 * 1024 * 1024,
  maxSeconds: 15 * 60,
  timeoutMs: 120_000,
  concurrency: 2,
  queue: 8,
  ffmpegPath: "ffmpeg",
});

/**
 * Creates an audio service: limits ({@linkcode DEFAULT_AUDIO_LIMITS}, then `overrides`) and a gate.
 *
 * @example A service for tests with a small duration cap
 * ```ts
 * const audio = createAudioService({ maxSeconds: 5 });
 * ```
 */
export function createAudioService(overrides: Partial<AudioLimits> = {}): AudioService {
  const limits = { ...DEFAULT_AUDIO_LIMITS, ...overrides };
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
