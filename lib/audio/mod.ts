/**
 * Audio loudness normalisation, as the rest of the service sees it: the
 * limits and the service (limits plus the ffmpeg gate) the configuration and
 * the runtime build, what a route declares and checks before it sells a job,
 * and the normaliser itself, loaded with the first job so that an idle
 * service does not hold ffmpeg's wrappers and the meters.
 *
 * @module
 */
import { importOnDemand } from "../shared/on_demand.ts";

export { OUTPUT_FORMATS } from "./formats.ts";
export { GAIN_REASONS } from "./gain_decision.ts";
export { type AudioLimits, DEFAULT_AUDIO_LIMITS } from "./limits.ts";
export { NORMALIZATION_MODES } from "./plan.ts";
export { AUDIO_PREFIX_BYTES, precheckAudio, precheckAudioPrefix } from "./precheck.ts";
export { PRESET_NAMES, TARGET_RANGES } from "./presets.ts";
export { type AudioService, createAudioService } from "./service.ts";

/** The normaliser (`normalizeAudio`), imported on first use. */
export function loadNormalizer(): Promise<typeof import("./normalize.ts")> {
  return importOnDemand<typeof import("./normalize.ts")>(new URL("./normalize.ts", import.meta.url));
}
