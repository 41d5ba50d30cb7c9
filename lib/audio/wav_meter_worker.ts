/**
 * A worker thread that meters one stretch of a PCM WAV for
 * {@linkcode meterWav}: it is sent the stretch's raw sample bytes in chunks
 * (each buffer sent back for reuse once read) and answers with each 100 ms
 * step's K-weighted energy, the sample peaks and the true peak. A first
 * `warm` message carries the whole steps before the stretch, which settle
 * the filters and the interpolator's history without being counted.
 *
 * @module
 */
/// <reference lib="deno.worker" />
import { createStepMeter } from "./meter.ts";
import { createTruePeakMeter } from "./true_peak.ts";
import { decodeFrames, type WavEncoding } from "./wav_pcm.ts";

/** What the worker is sent, in order: `start`, maybe `warm`, `chunk`s, `end`. */
export type WavMeterRequest =
  | { type: "start"; rate: number; encoding: WavEncoding; weights: number[] }
  | { type: "warm" | "chunk"; bytes: Uint8Array<ArrayBuffer> }
  | { type: "end" };

/** What the worker answers: each chunk's buffer back, then the figures (or a failure). */
export type WavMeterReply =
  | { type: "read"; bytes: Uint8Array<ArrayBuffer> }
  | { type: "done"; energies: Float64Array<ArrayBuffer>; samplePeaks: Float64Array; truePeak: number }
  | { type: "failed"; message: string };

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
  let floats = new Float32Array(0);
  /** Decodes a chunk of whole frames into `floats`; returns the frame count. */
  const decode = (bytes: Uint8Array) => {
    const frames = Math.floor(bytes.length / (channels * bits / 8));
    if (floats.length < frames * channels) floats = new Float32Array(frames * channels);
    decodeFrames(bytes, encoding, 0, frames * channels, floats);
    return frames;
  };
  return {
    warm(bytes: Uint8Array) {
      const frames = decode(bytes);
      counting = false;
      meter.push(floats, frames);
      counting = true;
      peaks.prime(floats, frames);
    },
    chunk(bytes: Uint8Array) {
      const frames = decode(bytes);
      meter.push(floats, frames);
      peaks.push(floats, frames, meter.lastPeaks());
    },
    result(): WavMeterReply {
      return {
        type: "done",
        energies: energies.slice(0, steps),
        samplePeaks: meter.samplePeaks(),
        truePeak: peaks.peak(),
      };
    },
  };
}

let stretch: ReturnType<typeof createStretchMeter> | undefined;

self.onmessage = (event: MessageEvent<WavMeterRequest>) => {
  const request = event.data;
  try {
    if (request.type === "start") {
      stretch = createStretchMeter(request.rate, request.encoding, request.weights);
    } else if (request.type === "end") {
      const reply = stretch!.result();
      self.postMessage(reply, reply.type === "done" ? [reply.energies.buffer] : []);
    } else {
      stretch![request.type](request.bytes);
      self.postMessage({ type: "read", bytes: request.bytes }, [request.bytes.buffer]);
    }
  } catch (error) {
    self.postMessage({ type: "failed", message: String(error) } satisfies WavMeterReply);
  }
};
