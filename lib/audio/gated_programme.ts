/**
 * The gating stage of the BS.1770 / EBU R128 loudness meter
 * (`loudness_meter.ts`): 400 ms blocks every 100 ms gated at −70 LUFS and
 * −10 LU (integrated loudness), 3 s blocks gated at −70 LUFS and −20 LU
 * (loudness range, 10th to 95th percentile). Block loudnesses go into a
 * histogram of 0.01 LU bins as ffmpeg's `ebur128` filter keeps them, so both
 * agree to a few hundredths and memory does not grow with the programme's
 * length. Apart because it takes step energies from any source (in process
 * or from the WAV meter's workers).
 *
 * @module
 */
import { stepFrames } from "./step_meter.ts";

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
