/**
 * Momentary (400 ms) and short-term (3 s) loudness as EBU Tech 3341 defines
 * them: ungated mean-square power of the K-weighted signal over a sliding
 * window, read every 100 ms step, with the largest reading of each kept. The
 * integrated figure and the range are the gated histograms' business
 * (`loudness_meter.ts`); these are what a meter shows while the programme
 * plays, and what the EBU conformance signals check besides the integrated
 * figure.
 *
 * @module
 */

/** Steps (100 ms) in the momentary window. */
const MOMENTARY_STEPS = 4;
/** Steps (100 ms) in the short-term window. */
const SHORT_TERM_STEPS = 30;

/** Loudness of a mean-square power, LUFS (−Infinity for silence). */
function loudnessOf(power: number): number {
  return -0.691 + 10 * Math.log10(power);
}

/** The windowed readings after one step; `undefined` until the window has filled once. */
export interface WindowReading {
  /** Seconds of programme read so far (the end of the windows). */
  seconds: number;
  /** Momentary loudness, LUFS. */
  momentary?: number;
  /** Short-term loudness, LUFS. */
  shortTerm?: number;
}

/** The largest momentary and short-term readings of a programme, LUFS (−Infinity before a window filled). */
export interface WindowMaxima {
  momentaryMaxLufs: number;
  shortTermMaxLufs: number;
}

/**
 * Slides the momentary and short-term windows over a programme's step
 * energies (channel-weighted, K-weighted sums of squares over `stepFrames`
 * frames each at `rate` Hz, in order), calling `observe` after every step
 * when given.
 */
export function createWindowLoudness(
  rate: number,
  stepFrames: number,
  observe?: (reading: WindowReading) => void,
) {
  const recent = new Float64Array(SHORT_TERM_STEPS);
  let steps = 0;
  let momentaryMax = -Infinity;
  let shortTermMax = -Infinity;

  /** Loudness of the last `count` steps, or `undefined` before there were that many. */
  function windowOf(count: number): number | undefined {
    if (steps < count) return undefined;
    let sum = 0;
    for (let i = 1; i <= count; i++) sum += recent[(steps - i) % SHORT_TERM_STEPS]!;
    return loudnessOf(sum / (count * stepFrames));
  }

  return {
    /** Adds the next step's energy. */
    add(energy: number): void {
      recent[steps % SHORT_TERM_STEPS] = energy;
      steps++;
      const momentary = windowOf(MOMENTARY_STEPS);
      const shortTerm = windowOf(SHORT_TERM_STEPS);
      if (momentary !== undefined && momentary > momentaryMax) momentaryMax = momentary;
      if (shortTerm !== undefined && shortTerm > shortTermMax) shortTermMax = shortTerm;
      observe?.({ seconds: steps * stepFrames / rate, momentary, shortTerm });
    },
    /** The largest readings so far. */
    maxima(): WindowMaxima {
      return { momentaryMaxLufs: momentaryMax, shortTermMaxLufs: shortTermMax };
    },
  };
}
