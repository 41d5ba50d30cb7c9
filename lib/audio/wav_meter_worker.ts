/**
 * A worker thread that meters one stretch of a PCM WAV for `meterWav`: the
 * stretch's raw sample bytes arrive in the slots of a ring of shared memory
 * (each slot handed back once read, so no buffer is allocated or moved per
 * chunk), and it answers with each 100 ms step's K-weighted energy and the
 * true peak. `warm` chunks come first: the whole steps before the stretch,
 * which settle the filters and the interpolator's history without being
 * counted.
 *
 * @module
 */
/// <reference lib="deno.worker" />
import { createStepMeter } from "./step_meter.ts";
import { createTruePeakMeter } from "./true_peak.ts";
import { decodeFrames, type WavEncoding } from "./wav_pcm.ts";

/** What the worker is sent, in order: `start`, maybe `warm`, `chunk`s, `end`. */
export type WavMeterRequest =
  | { type: "start"; rate: number; encoding: WavEncoding; weights: number[]; ring: SharedArrayBuffer }
  | { type: "warm" | "chunk"; at: number; length: number }
  | { type: "end" };

/** What the worker answers: each chunk's buffer back, then the figures (or a failure). */
export type WavMeterReply =
  | { type: "read"; at: number }
  | { type: "done"; energies: Float64Array<ArrayBuffer>; truePeak: number }
  | { type: "failed"; message: string };

/** Frames decoded and metered at a time. */
const PIECE_FRAMES = 16384;

/** The worker's state between messages. */
function createStretchMeter(rate: number, encoding: WavEncoding, weights: number[]) {
  const { channels, bits } = encoding;
  let energies = new Float64Array(1024);
  let steps = 0;
  let counting = true;
  const meter = createStepMeter(rate, channels, weights, (energy) => {
    if (!counting) return;
    if (steps === energies.length) {
      const grown = new Float64Array(steps * 2);
      grown.set(energies);
      energies = grown;
    }
    energies[steps++] = energy;
  });
  const peaks = createTruePeakMeter(channels);
  const frameBytes = channels * bits / 8;
  // Decoded a cache-sized piece at a time, so the meters read samples still in cache.
  const floats = new Float32Array(PIECE_FRAMES * channels);
  /** Runs `each` over the chunk's whole frames, a piece at a time. */
  const pieces = (bytes: Uint8Array, each: (frames: number) => void) => {
    const frames = Math.floor(bytes.length / frameBytes);
    for (let at = 0; at < frames; at += PIECE_FRAMES) {
      const count = Math.min(PIECE_FRAMES, frames - at);
      decodeFrames(bytes, encoding, at * frameBytes, count * channels, floats);
      each(count);
    }
  };
  return {
    warm(bytes: Uint8Array) {
      counting = false;
      pieces(bytes, (frames) => {
        meter.push(floats, frames);
        peaks.prime(floats, frames);
      });
      counting = true;
    },
    chunk(bytes: Uint8Array) {
      pieces(bytes, (frames) => {
        meter.push(floats, frames);
        peaks.push(floats, frames, meter.lastPeaks());
      });
    },
    result(): WavMeterReply {
      return {
        type: "done",
        energies: energies.slice(0, steps),
        truePeak: peaks.peak(),
      };
    },
  };
}

let stretch: ReturnType<typeof createStretchMeter> | undefined;
let ring: SharedArrayBuffer | undefined;

self.onmessage = (event: MessageEvent<WavMeterRequest>) => {
  const request = event.data;
  try {
    if (request.type === "start") {
      stretch = createStretchMeter(request.rate, request.encoding, request.weights);
      ring = request.ring;
    } else if (request.type === "end") {
      const reply = stretch!.result();
      self.postMessage(reply, reply.type === "done" ? [reply.energies.buffer] : []);
    } else {
      stretch![request.type](new Uint8Array(ring!, request.at, request.length));
      self.postMessage({ type: "read", at: request.at } satisfies WavMeterReply);
    }
  } catch (error) {
    self.postMessage({ type: "failed", message: String(error) } satisfies WavMeterReply);
  }
};
