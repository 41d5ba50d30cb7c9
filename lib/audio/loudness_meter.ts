/**
 * An ITU-R BS.1770-4 / EBU R128 loudness meter that runs in process over
 * interleaved float PCM, streamed in chunks of any size: K-weighting (a
 * high-shelf and a high-pass biquad designed for the stream's sample rate),
 * 400 ms blocks every 100 ms gated at −70 LUFS and −10 LU (integrated
 * loudness), 3 s blocks gated at −70 LUFS and −20 LU (loudness range, 10th to
 * 95th percentile). Block loudnesses go into a histogram of 0.01 LU bins as
 * ffmpeg's `ebur128` filter keeps them, so both agree to a few hundredths; the
 * memory used does not grow with the programme's length.
 *
 * Momentary and short-term loudness (and their maxima) come from
 * `window_loudness.ts`, fed the same steps. The filters live in
 * `step_meter.ts`, the gating in `gated_programme.ts`; this module joins them.
 *
 * @module
 */
import { createGatedProgramme, type GatedLoudness } from "./gated_programme.ts";
import { createStepMeter, stepFrames, type StepMeter } from "./step_meter.ts";
import { createWindowLoudness, type WindowMaxima, type WindowReading } from "./window_loudness.ts";

export { createGatedProgramme, type GatedLoudness } from "./gated_programme.ts";
export { createStepMeter, kWeighting, stepFrames, type StepMeter } from "./step_meter.ts";

/** A streaming meter; see the module's description. */
export interface LoudnessMeter extends StepMeter {
  /** The figures so far. */
  result(): GatedLoudness;
  /** The largest momentary and short-term loudness so far. */
  maxima(): WindowMaxima;
}

/**
 * Creates a meter for `channels` interleaved channels at `rate` Hz.
 *
 * @param weights BS.1770 channel weights (1 for front channels, 1.41 for
 *   surrounds, 0 for LFE); all 1 by default.
 * @param observe called after every 100 ms step with the momentary and
 *   short-term loudness, for a meter that shows them as the programme plays.
 */
export function createLoudnessMeter(
  rate: number,
  channels: number,
  weights?: number[],
  observe?: (reading: WindowReading) => void,
): LoudnessMeter {
  const programme = createGatedProgramme(rate);
  const windows = createWindowLoudness(rate, stepFrames(rate), observe);
  const filters = createStepMeter(rate, channels, weights, (energy) => {
    programme.add(energy);
    windows.add(energy);
  });
  return { ...filters, result: programme.result, maxima: windows.maxima };
}
