/**
 * The checks an upload passes before it is paid for and before ffmpeg sees
 * it: size, container signature, header, declared duration and target. Kept
 * apart from the normaliser so a route can refuse bad input without loading
 * the decoding, metering and encoding modules, which come with the first
 * normalisation.
 *
 * @module
 */
import { PayloadTooLargeError } from "../shared/errors.ts";
import { type ContainerKind, declaredDurationSeconds, sniffContainer } from "./containers.ts";
import type { OutputFormat } from "./formats.ts";
import { checkAudioHeader } from "./header_check.ts";
import { formatBytes, formatSeconds } from "../shared/format.ts";
import type { AudioLimits } from "./limits.ts";
import type { NormalizationMode } from "./plan.ts";
import { type LoudnessTarget, resolveTarget, type TargetRequest } from "./presets.ts";

/** What to normalise to and how. */
export interface NormalizeRequest extends TargetRequest {
  /** Output format (default: the input's family). */
  format?: OutputFormat | undefined;
  /** Peak handling (default `auto`). */
  mode?: NormalizationMode | undefined;
}

/**
 * Checks what can be checked without ffmpeg (size, container signature,
 * header, declared duration, target); throws the caller's error at once.
 *
 * @returns The resolved target and the container the bytes are in.
 */
export function precheckAudio(
  bytes: Uint8Array,
  request: NormalizeRequest,
  limits: AudioLimits,
): { target: LoudnessTarget; kind: ContainerKind } {
  if (bytes.length > limits.maxBytes) {
    throw new PayloadTooLargeError(
      `Audio is larger than the ${formatBytes(limits.maxBytes)} limit`,
    );
  }
  const target = resolveTarget(request);
  const kind = sniffContainer(bytes);
  checkAudioHeader(bytes, kind);
  const declared = declaredDurationSeconds(bytes, kind);
  if (declared !== undefined && declared > limits.maxSeconds) {
    throw new PayloadTooLargeError(`Audio is longer than the ${formatSeconds(limits.maxSeconds)} limit`);
  }
  return { target, kind };
}
