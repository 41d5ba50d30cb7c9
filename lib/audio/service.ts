/**
 * The audio service the runtime holds: the limits in force and the gate that
 * bounds how many ffmpeg jobs run at once.
 *
 * @module
 */
import { createGate, type Gate } from "../shared/concurrency.ts";
import type { RoomLoan } from "../shared/room_loan.ts";
import { type AudioLimits, DEFAULT_AUDIO_LIMITS } from "./limits.ts";

/** The limits plus the gate that enforces the concurrency bounds. */
export interface AudioService {
  /** The limits in force. */
  readonly limits: AudioLimits;
  /** Bounds concurrent ffmpeg work. */
  readonly gate: Gate;
}

/**
 * Creates an audio service: limits ({@linkcode DEFAULT_AUDIO_LIMITS}, then `overrides`) and a gate,
 * whose jobs use `room` (when given) so that none runs while a PDF conversion borrows it.
 *
 * @example A service for tests with a small duration cap
 * ```ts
 * const audio = createAudioService({ maxSeconds: 5 });
 * ```
 */
export function createAudioService(overrides: Partial<AudioLimits> = {}, room?: RoomLoan): AudioService {
  const limits = { ...DEFAULT_AUDIO_LIMITS, ...overrides };
  const slots = createGate({
    concurrency: limits.concurrency,
    queue: limits.queue,
    name: "audio normalisation",
    retryAfterSeconds: 5,
  });
  // A job that has its slot waits there while a PDF conversion borrows the audio room (`shared/room_loan.ts`).
  const gate: Gate = room
    ? { run: (job, signal) => slots.run(() => room.use(job, signal), signal), load: slots.load }
    : slots;
  return { limits, gate };
}
