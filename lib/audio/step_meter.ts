/**
 * The first stage of the BS.1770 loudness meter (`loudness_meter.ts`): the
 * K-weighting filters (a high-shelf and a high-pass biquad designed for the
 * stream's sample rate) run over interleaved float PCM, streamed in chunks of
 * any size, reporting the channel-weighted energy of each 100 ms step and the
 * sample peaks. Apart because the WAV meter's worker runs this stage alone.
 *
 * @module
 */

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
 * The K-weighting filters of interleaved channels: the coefficients, each
 * channel's weight and running state (x1 x2 the input, y1 y2 after the shelf,
 * z1 z2 after the high-pass: six numbers a channel), and each channel's sample
 * peak in the chunk being pushed.
 */
interface KFilters {
  channels: number;
  /** The shelf's coefficients. */
  sb0: number;
  sb1: number;
  sb2: number;
  sa1: number;
  sa2: number;
  /** The high-pass's feedback coefficients (its others are 1, -2, 1). */
  ha1: number;
  ha2: number;
  weight: Float64Array;
  state: Float64Array;
  chunkPeaks: Float64Array;
}

/** Filters channel `c` over frames `[from, to)`; returns its weighted energy. */
function filterOne(k: KFilters, samples: Float32Array, c: number, from: number, to: number): number {
  const { channels, state, chunkPeaks, sb0, sb1, sb2, sa1, sa2, ha1, ha2 } = k;
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
  return k.weight[c]! * sum;
}

/**
 * Filters channels `c` and `c + 1` together (two independent recursions in
 * one loop run nearly as fast as one, as the processor overlaps them);
 * returns their weighted energy.
 */
function filterTwo(k: KFilters, samples: Float32Array, c: number, from: number, to: number): number {
  const { channels, state, chunkPeaks, sb0, sb1, sb2, sa1, sa2, ha1, ha2 } = k;
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
  return k.weight[c]! * sum + k.weight[c + 1]! * sumB;
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
  const filters: KFilters = {
    channels,
    sb0,
    sb1,
    sb2,
    sa1,
    sa2,
    ha1,
    ha2,
    weight: Float64Array.from({ length: channels }, (_, c) => weights?.[c] ?? 1),
    state: new Float64Array(channels * 6),
    chunkPeaks: new Float64Array(channels),
  };
  const { chunkPeaks } = filters;
  const peaks = new Float64Array(channels);
  const step = stepFrames(rate);
  let inStep = 0;
  let energy = 0;

  /** Filters frames `[from, to)` of one step, adding their weighted energy. */
  function filter(samples: Float32Array, from: number, to: number): void {
    let c = 0;
    for (; c + 1 < channels; c += 2) energy += filterTwo(filters, samples, c, from, to);
    if (c < channels) energy += filterOne(filters, samples, c, from, to);
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
