/**
 * Why the result sounds the way it does: whether one linear gain was applied
 * to the whole file (dynamics untouched) or its peaks were limited or
 * compressed, and what decided it, in figures a caller can check. Peers'
 * two-pass `loudnorm` switches to its dynamic mode without saying so; a
 * caller here learns from the answer itself that its mix was limited and by
 * how much its peaks stood over the ceiling.
 *
 * @module
 */
import type { Loudness } from "./ffmpeg_log.ts";
import type { NormalizationMode, NormalizationType } from "./plan.ts";
import type { LoudnessTarget } from "./presets.ts";

/** Slack for comparing sums of figures printed to a tenth of a dB. */
const EPSILON = 1e-6;

/** What decided the gain; see {@linkcode GainDecision}. */
export type GainReason =
  | "peak_within_ceiling"
  | "peak_over_ceiling"
  | "encoded_peak_over_ceiling"
  | "limiting_insufficient"
  | "dynamic_mode_requested";

/** The reasons, for schemas. */
export const GAIN_REASONS = [
  "peak_within_ceiling",
  "peak_over_ceiling",
  "encoded_peak_over_ceiling",
  "limiting_insufficient",
  "dynamic_mode_requested",
] as const satisfies readonly GainReason[];

/** Whether the gain was linear or limited, and why. */
export interface GainDecision {
  /** True when one gain scaled every sample (`linear`, `linear_lowered`); false when peaks were limited or the dynamics compressed. */
  linear: boolean;
  /**
   * `peak_within_ceiling`: the full gain keeps the true peak under the ceiling;
   * `peak_over_ceiling`: it would not, so peaks were limited (mode auto) or the gain lowered (mode linear);
   * `encoded_peak_over_ceiling`: it would on paper, but the encoded result went over, so the same remedy followed;
   * `limiting_insufficient`: limiting could not reach the target under the ceiling, so the gain was lowered;
   * `dynamic_mode_requested`: `loudnorm`'s dynamic mode was asked for.
   */
  reason: GainReason;
  /** Gain that would reach the target loudness exactly, dB. */
  fullGainDb: number;
  /** Where that gain would put the input's true peak, dBTP. */
  peakAtFullGainDbtp: number;
  /** The true-peak ceiling, dBTP. */
  ceilingDbtp: number;
  /** Margin kept under the ceiling for the encoder's overshoot, dB. */
  encoderHeadroomDb: number;
  /** How far the result's loudness is under the target, LU (0 when at or above it). */
  belowTargetLu: number;
  /** The same in one sentence. */
  explanation: string;
}

/** What {@linkcode explainGain} needs to know about one normalisation. */
export interface GainFacts {
  input: Loudness;
  output: Loudness;
  target: LoudnessTarget;
  mode: NormalizationMode;
  /** The type of the pass that was kept. */
  type: NormalizationType;
  encoderHeadroomDb: number;
}

/** Figures to a tenth, signed, for sentences. */
function db(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded > 0 ? "+" : ""}${rounded.toFixed(1)}`;
}

/** The reason behind the kept pass's type. */
function reasonOf(facts: GainFacts, fitsOnPaper: boolean): GainReason {
  switch (facts.type) {
    case "linear":
      return "peak_within_ceiling";
    case "dynamic":
      return "dynamic_mode_requested";
    case "linear_lowered":
      if (facts.mode !== "linear") return "limiting_insufficient";
      return fitsOnPaper ? "encoded_peak_over_ceiling" : "peak_over_ceiling";
    case "limited":
      return fitsOnPaper ? "encoded_peak_over_ceiling" : "peak_over_ceiling";
  }
}

/** The sentence for a decision. */
function explanationOf(
  reason: GainReason,
  type: NormalizationType,
  d: Omit<GainDecision, "explanation">,
): string {
  const full = `the full gain of ${db(d.fullGainDb)} dB puts the true peak at ${
    db(d.peakAtFullGainDbtp)
  } dBTP`;
  const ceiling = `the ${db(d.ceilingDbtp)} dBTP ceiling less ${d.encoderHeadroomDb} dB kept for the encoder`;
  const remedy = type === "limited"
    ? "a peak limiter held the peaks under the ceiling while the gain reached the target"
    : `the gain was lowered to keep the peak under the ceiling, ${
      d.belowTargetLu.toFixed(1)
    } LU short of the target`;
  switch (reason) {
    case "peak_within_ceiling":
      return `Linear: ${full}, within ${ceiling}, so one gain scaled every sample.`;
    case "peak_over_ceiling":
      return `${type === "limited" ? "Limited" : "Linear, lowered"}: ${full}, over ${ceiling}; ${remedy}.`;
    case "encoded_peak_over_ceiling":
      return `${type === "limited" ? "Limited" : "Linear, lowered"}: ${full}, within ${ceiling}, ` +
        `but the encoded result's peak went over the ceiling; ${remedy}.`;
    case "limiting_insufficient":
      return `Linear, lowered: ${full}, over ${ceiling}, and limiting could not reach the target under the ` +
        `ceiling; ${remedy}.`;
    case "dynamic_mode_requested":
      return "Dynamic: loudnorm's dynamic mode was requested; it compresses towards the target loudness range " +
        "and does not apply one gain.";
  }
}

/** Explains the kept pass of a normalisation; see {@linkcode GainDecision}. */
export function explainGain(facts: GainFacts): GainDecision {
  const { input, output, target, type, encoderHeadroomDb } = facts;
  const fullGainDb = target.i - input.integratedLufs;
  const peakAtFullGainDbtp = input.truePeakDbtp + fullGainDb;
  const fitsOnPaper = peakAtFullGainDbtp <= target.tp - encoderHeadroomDb + EPSILON;
  const round = (value: number) => Math.round(value * 10) / 10;
  const reason = reasonOf(facts, fitsOnPaper);
  const decision = {
    linear: type === "linear" || type === "linear_lowered",
    reason,
    fullGainDb: round(fullGainDb),
    peakAtFullGainDbtp: round(peakAtFullGainDbtp),
    ceilingDbtp: target.tp,
    encoderHeadroomDb,
    belowTargetLu: Math.max(0, round(target.i - output.integratedLufs)),
  };
  return { ...decision, explanation: explanationOf(reason, type, decision) };
}
