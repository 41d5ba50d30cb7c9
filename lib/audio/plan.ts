/**
 * How to reach a loudness target, decided from measurements: a plain gain
 * when it keeps the true peak under the ceiling, otherwise a gain plus a
 * peak limiter, a lowered target, or `loudnorm`'s dynamic mode. After each
 * pass the result is measured and the plan corrected until it is on target.
 *
 * @module
 */
import type { Loudness } from "./ffmpeg_log.ts";
import type { LoudnessTarget } from "./presets.ts";

/**
 * How the caller wants peaks handled when a plain gain would clip:
 * `auto` adds a limiter, `linear` lowers the target instead, `dynamic` uses
 * `loudnorm`'s dynamic mode (slower; compresses to the target loudness range).
 */
export type NormalizationMode = "auto" | "linear" | "dynamic";

/** The modes. */
export const NORMALIZATION_MODES = ["auto", "linear", "dynamic"] as const;

/** What was done: see {@linkcode NormalizationMode}. */
export type NormalizationType = "linear" | "linear_lowered" | "limited" | "dynamic";

/** One pass's settings. */
export interface Plan {
  type: NormalizationType;
  /** Gain in dB (for `dynamic`, `loudnorm`'s offset). */
  gainDb: number;
  /** Limiter ceiling in dBFS (`limited`) or `loudnorm`'s true-peak target (`dynamic`). */
  ceilingDb: number;
}

/** A pass and what it measured. */
export interface Attempt {
  plan: Plan;
  output: Loudness;
}

/** Largest distance from the target loudness accepted without another pass, LU. */
export const LOUDNESS_TOLERANCE = 0.3;
/** Deepest limiting tried before giving up on the limiter, dB. */
export const MAX_LIMITING_DB = 20;
/** Extra margin under the ceiling for a sample-peak limiter, for inter-sample peaks, dB. */
const LIMITER_MARGIN_DB = 0.3;
/** Slack for comparing sums of figures printed to a tenth of a dB. */
const EPSILON = 1e-6;

/** Passes allowed per type; `loudnorm` is several times slower than the others. */
export function maxPasses(mode: NormalizationMode): number {
  return mode === "dynamic" ? 2 : 4;
}

/** Whether a pass's output meets the target (a lowered target meets it by keeping the peak). */
export function isOnTarget(attempt: Attempt, target: LoudnessTarget): boolean {
  if (attempt.output.truePeakDbtp > target.tp + EPSILON) return false;
  if (attempt.plan.type === "linear_lowered") return true;
  return Math.abs(attempt.output.integratedLufs - target.i) <= LOUDNESS_TOLERANCE + EPSILON;
}

/**
 * The first pass: the gain to the target, and what to do if it would push
 * the true peak over the ceiling (less `headroomDb` kept for the encoder).
 */
export function firstPlan(
  input: Loudness,
  target: LoudnessTarget,
  mode: NormalizationMode,
  headroomDb: number,
): Plan {
  const gainDb = target.i - input.integratedLufs;
  const ceiling = target.tp - headroomDb;
  if (mode === "dynamic") return { type: "dynamic", gainDb: 0, ceilingDb: ceiling };
  if (input.truePeakDbtp + gainDb <= ceiling + EPSILON) return { type: "linear", gainDb, ceilingDb: ceiling };
  if (mode === "linear") {
    return { type: "linear_lowered", gainDb: ceiling - input.truePeakDbtp, ceilingDb: ceiling };
  }
  return { type: "limited", gainDb, ceilingDb: ceiling - LIMITER_MARGIN_DB };
}

/** Loudness gained per dB of gain between the last two limited passes (1 when unknown). */
function loudnessSlope(attempts: Attempt[]): number {
  const [previous, last] = attempts.slice(-2);
  if (!previous || !last || previous.plan.type !== last.plan.type) return 1;
  const dGain = last.plan.gainDb - previous.plan.gainDb;
  if (Math.abs(dGain) < 0.05) return 1;
  const slope = (last.output.integratedLufs - previous.output.integratedLufs) / dGain;
  return Math.min(1, Math.max(0.2, slope));
}

/**
 * The next pass after `attempts` (the last one missed the target), or
 * `undefined` when another pass would not help.
 */
export function nextPlan(
  input: Loudness,
  target: LoudnessTarget,
  mode: NormalizationMode,
  attempts: Attempt[],
): Plan | undefined {
  const last = attempts.at(-1);
  if (!last) return undefined;
  const { plan, output } = last;
  const excess = output.truePeakDbtp - target.tp;
  const shortfall = target.i - output.integratedLufs;
  switch (plan.type) {
    case "linear":
    case "linear_lowered": {
      const room = -excess;
      if (excess <= EPSILON && shortfall <= room + EPSILON) {
        return { ...plan, gainDb: plan.gainDb + shortfall };
      }
      if (mode === "linear") {
        return {
          type: "linear_lowered",
          gainDb: plan.gainDb + Math.min(shortfall, room - 0.1),
          ceilingDb: plan.ceilingDb,
        };
      }
      const ceilingDb = plan.ceilingDb - Math.max(excess, 0) - LIMITER_MARGIN_DB;
      return { type: "limited", gainDb: plan.gainDb + shortfall, ceilingDb };
    }
    case "limited": {
      const ceilingDb = excess > 0 ? plan.ceilingDb - excess - 0.1 : plan.ceilingDb;
      const gainDb = Math.abs(shortfall) > LOUDNESS_TOLERANCE
        ? plan.gainDb + shortfall / loudnessSlope(attempts)
        : plan.gainDb;
      if (input.truePeakDbtp + gainDb - ceilingDb > MAX_LIMITING_DB) return undefined;
      return { type: "limited", gainDb, ceilingDb };
    }
    case "dynamic": {
      const ceilingDb = excess > 0 ? plan.ceilingDb - excess - 0.1 : plan.ceilingDb;
      const gainDb = Math.abs(shortfall) > LOUDNESS_TOLERANCE ? plan.gainDb + shortfall : plan.gainDb;
      return { type: "dynamic", gainDb, ceilingDb };
    }
  }
}

/**
 * The best pass: one within the ceiling closest to the target loudness;
 * `undefined` when every pass went over the ceiling.
 */
export function bestAttempt<T extends Attempt>(attempts: T[], target: LoudnessTarget): T | undefined {
  let best: T | undefined;
  for (const attempt of attempts) {
    if (attempt.output.truePeakDbtp > target.tp + EPSILON) continue;
    const distance = Math.abs(attempt.output.integratedLufs - target.i);
    if (!best || distance < Math.abs(best.output.integratedLufs - target.i)) best = attempt;
  }
  return best;
}

/**
 * A last resort that cannot go over the ceiling: a plain gain to the
 * ceiling with `marginDb` to spare.
 */
export function safePlan(input: Loudness, target: LoudnessTarget, marginDb: number): Plan {
  const gainDb = Math.min(target.i - input.integratedLufs, target.tp - marginDb - input.truePeakDbtp);
  return { type: "linear_lowered", gainDb, ceilingDb: target.tp - marginDb };
}

/** Decibels to a linear factor. */
function linear(db: number): number {
  return 10 ** (db / 20);
}

/** Settings of a pass's filter chain beyond the plan. */
export interface ChainOptions {
  /** Channel layout to read the input as and write the output with. */
  layout: string;
  /** Output sample rate (restored after `loudnorm`, which works at 192 kHz). */
  sampleRate: number;
  /** Append the `ebur128` measurement of the result. */
  measure?: string;
}

/** The ffmpeg filter chain of a pass. */
export function filterChain(
  plan: Plan,
  input: Loudness,
  target: LoudnessTarget,
  options: ChainOptions,
): string {
  const filters = [`aformat=channel_layouts=${options.layout}`];
  const gain = `volume=${plan.gainDb.toFixed(2)}dB`;
  if (plan.type === "linear" || plan.type === "linear_lowered") filters.push(gain);
  if (plan.type === "limited") {
    const limit = Math.min(1, Math.max(0.0625, linear(plan.ceilingDb))).toFixed(5);
    filters.push(gain, `alimiter=limit=${limit}:attack=5:release=50:level=false:latency=true`);
  }
  if (plan.type === "dynamic") {
    const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value)).toFixed(2);
    filters.push(
      [
        `loudnorm=I=${clamp(target.i, -70, -5)}`,
        `TP=${clamp(plan.ceilingDb, -9, 0)}`,
        `LRA=${clamp(target.lra, 1, 50)}`,
        `measured_I=${clamp(input.integratedLufs, -99, 0)}`,
        `measured_TP=${clamp(input.truePeakDbtp, -99, 99)}`,
        `measured_LRA=${clamp(input.lra, 0, 99)}`,
        `measured_thresh=${clamp(input.threshold, -99, 0)}`,
        `offset=${clamp(plan.gainDb, -99, 99)}`,
        "linear=false",
      ].join(":"),
      `aresample=${options.sampleRate}`,
      // Named again: a resampler's output layout is not inferred from raw PCM input.
      `aformat=channel_layouts=${options.layout}`,
    );
  }
  if (options.measure) filters.push(options.measure);
  return filters.join(",");
}
