/**
 * True peak (BS.1770-4 annex 2) by 4× oversampling in process, computed only
 * where it can matter: a stretch of 128 frames is interpolated only when its
 * sample peak times the interpolator's largest gain could exceed the true
 * peak found so far. Inter-sample peaks cannot exceed that bound, so the
 * answer equals interpolating everything, at a fraction of the cost.
 *
 * @module
 */

/** Oversampling factor. */
const FACTOR = 4;
/** Taps per phase of the interpolator. */
const TAPS = 16;
/** Passband edge as a fraction of the input's Nyquist frequency. */
const CUTOFF = 0.97;
/** Kaiser window shape. */
const BETA = 9;
/** Frames ruled in or out together. */
const STRETCH = 128;

/** Zeroth-order modified Bessel function of the first kind (for the Kaiser window). */
function bessel0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

/** The interpolator's phases: `phases[p][t]` weighs input sample `n − t` for output `n + p/4 − TAPS/2 + 1`. */
function designPhases(): Float64Array[] {
  const length = FACTOR * TAPS;
  const centre = length / 2; // on an input sample, so one phase lands on the samples themselves
  const phases = Array.from({ length: FACTOR }, () => new Float64Array(TAPS));
  for (let p = 0; p < FACTOR; p++) {
    let sum = 0;
    for (let t = 0; t < TAPS; t++) {
      // Distance, in input samples, from the output instant to input sample n − t.
      const at = t * FACTOR + (FACTOR - 1 - p);
      const x = (at - centre) / FACTOR;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * CUTOFF * x) / (Math.PI * CUTOFF * x);
      const r = (at - centre) / centre;
      const window = bessel0(BETA * Math.sqrt(Math.max(0, 1 - r * r))) / bessel0(BETA);
      phases[p]![t] = CUTOFF * sinc * window;
      sum += phases[p]![t]!;
    }
    for (let t = 0; t < TAPS; t++) phases[p]![t]! /= sum; // unity gain at DC for every phase
  }
  return phases;
}

const PHASES = designPhases();
/** The phases end to end, `H[p * TAPS + t]`, for the inner loop (which assumes `FACTOR` is 4). */
const H = Float64Array.from(PHASES.flatMap((phase) => [...phase]));
/** The most any phase can amplify: the largest sum of absolute taps. */
const MAX_GAIN = Math.max(...PHASES.map((phase) => phase.reduce((sum, tap) => sum + Math.abs(tap), 0)));

/** A streaming true-peak meter. */
export interface TruePeakMeter {
  /**
   * Adds `frames` interleaved frames whose per-channel sample peaks are
   * `chunkPeaks` (as the loudness meter found them).
   */
  push(samples: Float32Array, frames: number, chunkPeaks: Float64Array): void;
  /**
   * Takes `frames` interleaved frames as what came before the next push,
   * without measuring them (to start mid-programme exactly where another
   * meter's work ends).
   */
  prime(samples: Float32Array, frames: number): void;
  /** The largest true peak so far over all channels (linear, at least the sample peak). */
  peak(): number;
  /** How many frames were interpolated (the rest were ruled out by their sample peaks). */
  interpolatedFrames(): number;
}

/**
 * The sample peak of each {@linkcode STRETCH} of the chunk, channel by channel (`[stretch * channels + c]`),
 * found in one sequential pass (stereo with both channels at once); in `into` when it is large enough.
 */
function stretchPeaksOf(
  samples: Float32Array,
  frames: number,
  channels: number,
  into: Float64Array<ArrayBuffer>,
): Float64Array<ArrayBuffer> {
  const stretches = Math.ceil(frames / STRETCH);
  const stretchPeaks = into.length < stretches * channels ? new Float64Array(stretches * channels) : into;
  for (let s = 0; s < stretches; s++) {
    const stop = Math.min(frames, (s + 1) * STRETCH) * channels;
    if (channels === 2) {
      let left = 0, right = 0;
      for (let i = s * STRETCH * 2; i < stop; i += 2) {
        const x = samples[i]!, y = samples[i + 1]!;
        const a = x < 0 ? -x : x, b = y < 0 ? -y : y;
        if (a > left) left = a;
        if (b > right) right = b;
      }
      stretchPeaks[2 * s] = left, stretchPeaks[2 * s + 1] = right;
      continue;
    }
    for (let c = 0; c < channels; c++) {
      let peak = 0;
      for (let i = s * STRETCH * channels + c; i < stop; i += channels) {
        const x = samples[i]!;
        const a = x < 0 ? -x : x;
        if (a > peak) peak = a;
      }
      stretchPeaks[s * channels + c] = peak;
    }
  }
  return stretchPeaks;
}

/** The largest interpolated value for outputs `[from, to)` of `work` (history first), all phases at once. */
function interpolate(work: Float64Array, from: number, to: number): number {
  let top = 0;
  for (let n = from; n < to; n++) {
    let y0 = 0, y1 = 0, y2 = 0, y3 = 0;
    for (let t = 0; t < TAPS; t++) {
      const x = work[n - t]!;
      y0 += H[t]! * x;
      y1 += H[TAPS + t]! * x;
      y2 += H[2 * TAPS + t]! * x;
      y3 += H[3 * TAPS + t]! * x;
    }
    const a = Math.max(Math.abs(y0), Math.abs(y1), Math.abs(y2), Math.abs(y3));
    if (a > top) top = a;
  }
  return top;
}

/** Keeps the last TAPS − 1 samples of each channel of the chunk in `history`, for the next chunk. */
function keepHistory(history: Float64Array, samples: Float32Array, frames: number, channels: number): void {
  for (let c = 0; c < channels; c++) {
    for (let t = 0; t < TAPS - 1; t++) {
      const from = frames - (TAPS - 1) + t;
      history[c * TAPS + t] = from >= 0 ? samples[from * channels + c]! : history[c * TAPS + t + frames]!;
    }
  }
}

/**
 * Creates a true-peak meter for `channels` interleaved channels.
 *
 * @param options.everywhere Interpolate every stretch (slower, same answer; for checking).
 */
export function createTruePeakMeter(channels: number, options: { everywhere?: boolean } = {}): TruePeakMeter {
  const everywhere = options.everywhere ?? false;
  // The last TAPS − 1 samples of each channel, oldest first, ahead of the next chunk.
  const history = new Float64Array(channels * TAPS);
  let best = 0;
  let interpolated = 0;
  let work = new Float64Array(0);
  // Sample peak of each stretch of the chunk, channel by channel: `[stretch * channels + c]`.
  let stretchPeaks = new Float64Array(0);

  /**
   * Interpolates the stretches of channel `c` whose sample peak (with the
   * previous stretch's, which the filter still reaches) could beat the best
   * so far, reading the interleaved samples in place and copying only those.
   */
  function scan(samples: Float32Array, frames: number, c: number): void {
    let previous = 0;
    for (let t = 0; t < TAPS - 1; t++) previous = Math.max(previous, Math.abs(history[c * TAPS + t]!));
    for (let start = 0; start < frames; start += STRETCH) {
      const end = Math.min(frames, start + STRETCH);
      const peak = stretchPeaks[(start / STRETCH) * channels + c]!;
      const reach = peak > previous ? peak : previous;
      previous = peak;
      if (!everywhere && reach * MAX_GAIN <= best) continue;
      // work: the TAPS − 1 samples before the stretch, then the stretch.
      for (let t = 0; t < TAPS - 1; t++) {
        const frame = start - (TAPS - 1) + t;
        work[t] = frame >= 0 ? samples[frame * channels + c]! : history[c * TAPS + t + start]!;
      }
      for (let i = start; i < end; i++) work[TAPS - 1 + i - start] = samples[i * channels + c]!;
      best = Math.max(best, interpolate(work, TAPS - 1, TAPS - 1 + end - start));
      interpolated += end - start;
    }
  }

  return {
    push(samples, frames, chunkPeaks) {
      if (frames === 0) return;
      if (work.length < TAPS - 1 + STRETCH) work = new Float64Array(TAPS - 1 + STRETCH);
      let found = false;
      for (let c = 0; c < channels; c++) {
        // The interpolated stretch also depends on the kept samples of the previous chunk.
        let peak = chunkPeaks[c]!;
        if (peak > best) best = peak;
        for (let t = 0; t < TAPS - 1; t++) {
          const a = Math.abs(history[c * TAPS + t]!);
          if (a > peak) peak = a;
        }
        if (!everywhere && peak * MAX_GAIN <= best) continue;
        if (!found) stretchPeaks = stretchPeaksOf(samples, frames, channels, stretchPeaks), found = true;
        scan(samples, frames, c);
      }
      keepHistory(history, samples, frames, channels);
    },
    prime: (samples, frames) => keepHistory(history, samples, frames, channels),
    peak: () => best,
    interpolatedFrames: () => interpolated,
  };
}

/** Linear amplitude to dB (−Infinity for 0). */
export function toDb(amplitude: number): number {
  return 20 * Math.log10(amplitude);
}
