/**
 * The in-process meters of one stream together: K-weighted gated loudness
 * and true peak, read as `ebur128` prints them (to a tenth).
 *
 * @module
 */
import type { Loudness, StreamInfo } from "./ffmpeg_log.ts";
import { channelWeights } from "./layouts.ts";
import type { GatedLoudness } from "./gated_programme.ts";
import { createLoudnessMeter } from "./loudness_meter.ts";
import { createTruePeakMeter, toDb } from "./true_peak.ts";

/** Rounds to a tenth, the precision `ebur128` reports. */
export function tenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Gated figures and a linear true peak as a {@linkcode Loudness}, to a tenth. */
export function loudnessFigures(figures: GatedLoudness, truePeak: number): Loudness {
  return {
    integratedLufs: tenth(figures.integratedLufs),
    truePeakDbtp: tenth(toDb(truePeak)),
    lra: tenth(figures.lra),
    threshold: tenth(figures.threshold),
  };
}

/** The meters for one stream, and the figures they read. */
export function createMeters(stream: StreamInfo) {
  const { sampleRate, channels, layout } = stream;
  const meter = createLoudnessMeter(sampleRate, channels, channelWeights(layout, channels));
  const peaks = createTruePeakMeter(channels);
  return {
    push(samples: Float32Array, frames: number) {
      meter.push(samples, frames);
      peaks.push(samples, frames, meter.lastPeaks());
    },
    loudness: (): Loudness => loudnessFigures(meter.result(), peaks.peak()),
  };
}
