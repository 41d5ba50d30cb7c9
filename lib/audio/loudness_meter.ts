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
 * `window_loudness.ts`, fed the same steps.
 *
 * @module
 */
import { createWindowLoudness, type WindowMaxima, type WindowReading } from "./window_loudness.ts";

/** Lowest loudness counted (the absolute gate), LUFS. */
const ABS_GATE = -70;
/** Loudest block the histogram tells apart, LUFS. */
const HIST_TOP = 10;
/** Histogram bins per LU. */
const GRAIN = 100;
const HIST_SIZE = (HIST_TOP - ABS_GATE) * GRAIN + 1;

/** The integrated and range figures of a programme (peaks are measured apart). */
export interface GatedLoudness {
  /** Integrated loudness, LUFS (−70 when nothing passed the absolute gate). */
  integratedLufs: number;
  /** Relative gate of the integrated measurement, LUFS. */
  threshold: number;
  /** Loudness range, LU. */
  lra: number;
}

/** Loudness of a mean-square power. */
function loudnessOf(power: number): number {
  return -0.691 + 10 * Math.log10(power);
}

/** Mean-square power of a loudness. */
function powerOf(loudness: number): number {
  return 10 ** ((loudness + 0.691) / 10);
}

/** Histogram bin of a loudness, clamped to the histogram. */
function binOf(loudness: number): number {
  return Math.min(HIST_SIZE - 1, Math.max(0, Math.trunc((loudness - ABS_GATE) * GRAIN)));
}

/** Biquad coefficients `[b0, b1, b2, a1, a2]` of the K-weighting stages at `rate` Hz. */
export function kWeighting(rate: number): { shelf: number[]; highPass: number[] } {
  // The shelf and high-pass of BS.1770 re-derived for any rate (their 48 kHz values are the standard's).
  let f0 = 1681.974450955533;
  const gain = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan(Math.PI * f0 / rate);
  const vh = 10 ** (gain / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf = [
    (vh + vb * k / q + k * k) / a0,
    2 * (k * k - vh) / a0,
    (vh - vb * k / q + k * k) / a0,
    2 * (k * k - 1) / a0,
    (1 - k / q + k * k) / a0,
  ];
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan(Math.PI * f0 / rate);
  a0 = 1 + k / q + k * k;
  const highPass = [1, -2, 1, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0];
  return { shelf, highPass };
}

/** A block-loudness histogram with its gate, as `ebur128` keeps one per window length. */
function createGatedHistogram(relativeGate: number) {
  const counts = new Float64Array(HIST_SIZE);
  let keptPower = 0;
  let kept = 0;
  return {
    add(power: number) {
      const loudness = loudnessOf(power);
      if (!(loudness >= ABS_GATE)) return;
      counts[binOf(loudness)]!++;
      keptPower += power;
      kept++;
    },
    /** The relative gate and the first bin at or above it. */
    gate() {
      const threshold = loudnessOf(kept ? keptPower / kept : 1e-12) + relativeGate;
      return { threshold, from: binOf(threshold) };
    },
    counts,
  };
}

/** The integrated loudness of the 400 ms blocks. */
function integrated(histogram: ReturnType<typeof createGatedHistogram>) {
  const { threshold, from } = histogram.gate();
  let count = 0;
  let energy = 0;
  for (let i = from; i < HIST_SIZE; i++) {
    const n = histogram.counts[i]!;
    count += n;
    energy += n * powerOf(i / GRAIN + ABS_GATE);
  }
  return { integratedLufs: count ? loudnessOf(energy / count) : ABS_GATE, threshold };
}

/** The loudness range of the 3 s blocks. */
function loudnessRange(histogram: ReturnType<typeof createGatedHistogram>): number {
  const { from } = histogram.gate();
  const counts = histogram.counts;
  let total = 0;
  for (let i = from; i < HIST_SIZE; i++) total += counts[i]!;
  if (!total) return 0;
  let low = 0;
  let high = 0;
  const lowCount = Math.trunc(10 * total / 100 + 0.5);
  for (let i = from, n = 0; i < HIST_SIZE; i++) {
    n += counts[i]!;
    if (n >= lowCount) {
      low = i / GRAIN + ABS_GATE;
      break;
    }
  }
  const highCount = Math.trunc(95 * total / 100 + 0.5);
  for (let i = HIST_SIZE - 1, n = total; i >= 0; i--) {
    n -= counts[i]!;
    if (n < highCount) {
      high = i / GRAIN + ABS_GATE;
      break;
    }
  }
  return high - low;
}

/** The K-weighting filters of a stream, reporting the weighted energy of each 100 ms step. */
export interface StepMeter {
  /** Adds `frames` interleaved frames from `samples`. */
  push(samples: Float32Array, frames?: number): void;
  /** Largest absolute sample of each channel so far. */
  samplePeaks(): Float64Array;
  /** Largest absolute sample of each channel in the last chunk pushed (read it before the next push). */
  lastPeaks(): Float64Array;
}

/** Frames in one 100 ms step at `rate` Hz. */
export function stepFrames(rate: number): number {
  return Math.round(rate / 10);
}

/**
 * Creates the filters for `channels` interleaved channels at `rate` Hz;
 * `onStep` receives each complete step's channel-weighted, K-weighted energy
 * (an incomplete last step is never reported).
 *
 * @param weights BS.1770 channel weights (1 for front channels, 1.41 for
 *   surrounds, 0 for LFE); all 1 by default.
 */
export function createStepMeter(
  rate: number,
  channels: number,
  weights: number[] | undefined,
  onStep: (energy: number) => void,
): StepMeter {
  const { shelf, highPass } = kWeighting(rate);
  const [sb0, sb1, sb2, sa1, sa2] = shelf as [number, number, number, number, number];
  const [, , , ha1, ha2] = highPass as [number, number, number, number, number];
  const weight = Float64Array.from({ length: channels }, (_, c) => weights?.[c] ?? 1);
  // Per channel: x1 x2 (input), y1 y2 (after the shelf), z1 z2 (after the high-pass).
  const state = new Float64Array(channels * 6);
  const peaks = new Float64Array(channels);
  const chunkPeaks = new Float64Array(channels);
  const step = stepFrames(rate);
  let inStep = 0;
  let energy = 0;

  /** Filters channel `c` over frames `[from, to)`, adding its weighted energy. */
  function filterOne(samples: Float32Array, c: number, from: number, to: number): void {
    const o = c * 6;
    let x1 = state[o]!, x2 = state[o + 1]!, y1 = state[o + 2]!, y2 = state[o + 3]!;
    let z1 = state[o + 4]!, z2 = state[o + 5]!;
    let sum = 0;
    let peak = chunkPeaks[c]!;
    for (let i = from * channels + c, end = to * channels; i < end; i += channels) {
      const x = samples[i]!;
      const a = x < 0 ? -x : x;
      if (a > peak) peak = a;
      const y = sb0 * x + sb1 * x1 + sb2 * x2 - sa1 * y1 - sa2 * y2;
      const z = y - 2 * y1 + y2 - ha1 * z1 - ha2 * z2;
      x2 = x1, x1 = x, y2 = y1, y1 = y, z2 = z1, z1 = z;
      sum += z * z;
    }
    state[o] = x1, state[o + 1] = x2, state[o + 2] = y1, state[o + 3] = y2, state[o + 4] = z1;
    state[o + 5] = z2;
    chunkPeaks[c] = peak;
    energy += weight[c]! * sum;
  }

  /**
   * Filters channels `c` and `c + 1` together: two independent recursions in
   * one loop run nearly as fast as one, as the processor overlaps them.
   */
  function filterTwo(samples: Float32Array, c: number, from: number, to: number): void {
    const o = c * 6;
    let x1 = state[o]!, x2 = state[o + 1]!, y1 = state[o + 2]!, y2 = state[o + 3]!;
    let z1 = state[o + 4]!, z2 = state[o + 5]!;
    let u1 = state[o + 6]!, u2 = state[o + 7]!, v1 = state[o + 8]!, v2 = state[o + 9]!;
    let w1 = state[o + 10]!, w2 = state[o + 11]!;
    let sum = 0, sumB = 0;
    let peak = chunkPeaks[c]!, peakB = chunkPeaks[c + 1]!;
    for (let i = from * channels + c, end = to * channels; i < end; i += channels) {
      const x = samples[i]!;
      const u = samples[i + 1]!;
      const a = x < 0 ? -x : x;
      const b = u < 0 ? -u : u;
      if (a > peak) peak = a;
      if (b > peakB) peakB = b;
      const y = sb0 * x + sb1 * x1 + sb2 * x2 - sa1 * y1 - sa2 * y2;
      const v = sb0 * u + sb1 * u1 + sb2 * u2 - sa1 * v1 - sa2 * v2;
      const z = y - 2 * y1 + y2 - ha1 * z1 - ha2 * z2;
      const w = v - 2 * v1 + v2 - ha1 * w1 - ha2 * w2;
      x2 = x1, x1 = x, y2 = y1, y1 = y, z2 = z1, z1 = z;
      u2 = u1, u1 = u, v2 = v1, v1 = v, w2 = w1, w1 = w;
      sum += z * z;
      sumB += w * w;
    }
    state[o] = x1, state[o + 1] = x2, state[o + 2] = y1, state[o + 3] = y2, state[o + 4] = z1;
    state[o + 5] = z2, state[o + 6] = u1, state[o + 7] = u2, state[o + 8] = v1, state[o + 9] = v2;
    state[o + 10] = w1, state[o + 11] = w2;
    chunkPeaks[c] = peak, chunkPeaks[c + 1] = peakB;
    energy += weight[c]! * sum + weight[c + 1]! * sumB;
  }

  /** Filters frames `[from, to)` of one step, adding their weighted energy. */
  function filter(samples: Float32Array, from: number, to: number): void {
    let c = 0;
    for (; c + 1 < channels; c += 2) filterTwo(samples, c, from, to);
    if (c < channels) filterOne(samples, c, from, to);
  }

  return {
    push(samples, frames = Math.floor(samples.length / channels)) {
      chunkPeaks.fill(0);
      for (let at = 0; at < frames;) {
        const take = Math.min(frames - at, step - inStep);
        filter(samples, at, at + take);
        at += take;
        inStep += take;
        if (inStep === step) {
          onStep(energy);
          energy = 0;
          inStep = 0;
        }
      }
      for (let c = 0; c < channels; c++) if (chunkPeaks[c]! > peaks[c]!) peaks[c] = chunkPeaks[c]!;
    },
    lastPeaks: () => chunkPeaks,
    samplePeaks: () => peaks.slice(),
  };
}

/**
 * Gates a programme's step energies, in order, into its integrated loudness
 * and loudness range: each step closes a 400 ms block (4 steps) and a 3 s
 * block (30 steps).
 */
export function createGatedProgramme(rate: number) {
  const step = stepFrames(rate);
  const recent = new Float64Array(30); // energies of the last 30 steps (3 s)
  let steps = 0;
  const short = createGatedHistogram(-10);
  const long = createGatedHistogram(-20);
  return {
    /** Adds the next step's energy. */
    add(energy: number): void {
      recent[steps % 30] = energy;
      steps++;
      if (steps >= 4) {
        let sum = 0;
        for (let i = 1; i <= 4; i++) sum += recent[(steps - i) % 30]!;
        short.add(sum / (4 * step));
      }
      if (steps >= 30) {
        let sum = 0;
        for (let i = 0; i < 30; i++) sum += recent[i]!;
        long.add(sum / (30 * step));
      }
    },
    /** The figures so far. */
    result(): GatedLoudness {
      return { ...integrated(short), lra: loudnessRange(long) };
    },
  };
}

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
