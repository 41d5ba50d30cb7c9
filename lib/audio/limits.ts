/**
 * Limits for audio normalisation (size, duration, time, concurrency). The
 * configuration reads them from the environment; the runtime builds the audio
 * service (`service.ts`) from them.
 *
 * @module
 */
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

/** Limits used when the configuration says nothing else. */
export const DEFAULT_AUDIO_LIMITS: Readonly<AudioLimits> = Object.freeze({
  maxBytes: 384 * 1024 * 1024,
  maxSeconds: 15 * 60,
  timeoutMs: 120_000,
  concurrency: 2,
  queue: 8,
  ffmpegPath: "ffmpeg",
});
