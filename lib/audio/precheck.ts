/**
 * The checks of an audio upload that need no ffmpeg: size, container
 * signature, header, declared duration and target. They run before payment,
 * so this module stays small: the route loads it at start and the
 * normalisation itself on its first call.
 *
 * @module
 */
import { PayloadTooLargeError } from "../errors.ts";
import { type ContainerKind, declaredDurationSeconds, sniffContainer } from "./containers.ts";
import { checkAudioHeader } from "./header_check.ts";
import { type AudioLimits, formatBytes, formatSeconds } from "./limits.ts";
import { type LoudnessTarget, resolveTarget, type TargetRequest } from "./presets.ts";

/**
 * Checks what can be checked without ffmpeg (size, container signature,
 * header, declared duration, target); throws the caller's error at once.
 */
export function precheckAudio(
  bytes: Uint8Array,
  request: TargetRequest,
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
