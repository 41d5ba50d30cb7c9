/**
 * Loudness targets: named presets for common delivery standards, and the rule
 * that explicit values override the preset's.
 *
 * @module
 */
import { InvalidInputError } from "../shared/errors.ts";

/** Names of the presets. */
export const PRESET_NAMES = ["podcast", "streaming", "broadcast", "atsc"] as const;

/** A preset's name. */
export type PresetName = typeof PRESET_NAMES[number];

/** A loudness target. */
export interface LoudnessTarget {
  /** Integrated loudness, LUFS (−70…−5). */
  i: number;
  /** True-peak ceiling, dBTP (−9…0). */
  tp: number;
  /** Loudness range, LU (1…50); only shapes the `dynamic` mode. */
  lra: number;
  /** The preset the target started from. */
  preset: PresetName;
}

/** The presets: podcast (the default), streaming services, EBU R128 broadcast, ATSC A/85. */
export const PRESETS: Readonly<Record<PresetName, Readonly<Omit<LoudnessTarget, "preset">>>> = Object.freeze({
  podcast: { i: -16, tp: -1, lra: 11 },
  streaming: { i: -14, tp: -1, lra: 11 },
  broadcast: { i: -23, tp: -1, lra: 7 },
  atsc: { i: -24, tp: -2, lra: 7 },
});

/** Accepted range of each target figure (the `loudnorm` filter's). */
export const TARGET_RANGES = { i: [-70, -5], tp: [-9, 0], lra: [1, 50] } as const;

/** What the caller asked for. */
export interface TargetRequest {
  preset?: PresetName | undefined;
  i?: number | undefined;
  tp?: number | undefined;
  lra?: number | undefined;
}

/**
 * Resolves the target: the preset (default `podcast`), with `i`, `tp` and
 * `lra` overriding its figures.
 *
 * @throws {InvalidInputError} On an unknown preset or a figure out of range.
 */
export function resolveTarget(request: TargetRequest): LoudnessTarget {
  const preset = request.preset ?? "podcast";
  const base = PRESETS[preset];
  if (!base) {
    throw new InvalidInputError(`Invalid preset "${preset}": expected one of ${PRESET_NAMES.join(", ")}`);
  }
  const target = { ...base, preset };
  for (const key of ["i", "tp", "lra"] as const) {
    const value = request[key];
    if (value === undefined) continue;
    const [min, max] = TARGET_RANGES[key];
    if (!Number.isFinite(value) || value < min || value > max) {
      throw new InvalidInputError(`Invalid ${key} "${value}": expected a number from ${min} to ${max}`);
    }
    target[key] = value;
  }
  return target;
}
