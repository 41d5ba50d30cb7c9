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
import { type ContainerKind, declaredDurationSeconds, id3Size, sniffContainer } from "./containers.ts";
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
  return checkUpload(bytes, bytes.length, request, limits)!;
}

/** Bytes kept before an unpaid upload's header is judged: enough for any header but a large ID3 tag's. */
export const AUDIO_PREFIX_BYTES = 1024 * 1024;

/**
 * The same checks on the first bytes of an upload of `totalBytes` (an unpaid
 * request's, which is not held): what those bytes prove wrong is refused; a
 * header that runs past them (an ID3 tag with large artwork, a WAV with large
 * chunks before its samples) is left to the check of the whole upload, which
 * every paid request passes before it is charged.
 */
export function precheckAudioPrefix(
  prefix: Uint8Array,
  totalBytes: number,
  request: NormalizeRequest,
  limits: AudioLimits,
): void {
  checkUpload(prefix, totalBytes, request, limits);
}

/** The checks; `undefined` when the container cannot be told from a prefix of the upload. */
function checkUpload(
  bytes: Uint8Array,
  totalBytes: number,
  request: NormalizeRequest,
  limits: AudioLimits,
): { target: LoudnessTarget; kind: ContainerKind } | undefined {
  if (totalBytes > limits.maxBytes) {
    throw new PayloadTooLargeError(
      `Audio is larger than the ${formatBytes(limits.maxBytes)} limit`,
    );
  }
  const target = resolveTarget(request);
  // A signature after an ID3 tag that runs past the prefix (or ends just before its end) cannot be read yet.
  if (bytes.length < totalBytes && id3Size(bytes) + SIGNATURE_BYTES > bytes.length) return undefined;
  const kind = sniffContainer(bytes);
  checkAudioHeader(bytes, kind, totalBytes);
  const declared = declaredDurationSeconds(bytes, kind);
  if (declared !== undefined && declared > limits.maxSeconds) {
    throw new PayloadTooLargeError(`Audio is longer than the ${formatSeconds(limits.maxSeconds)} limit`);
  }
  return { target, kind };
}

/** Bytes past an ID3 tag that the signature and the first frames take. */
const SIGNATURE_BYTES = 8 * 1024;
