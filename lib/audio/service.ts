/**
 * The audio service the runtime holds: the limits in force and the gate that
 * bounds how many ffmpeg jobs run at once.
 *
 * @module
 */
import { createGate, type Gate } from "../shared/concurrency.ts";
import { type AudioLimits, DEFAULT_AUDIO_LIMITS } from "./limits.ts";

/** The limits plus the gate that enforces the concurrency bounds. */
export interface AudioService {
  /** The limits in force. */
  readonly limits: AudioLimits;
  /** Bounds concurrent ffmpeg work. */
  readonly gate: Gate;
}

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
