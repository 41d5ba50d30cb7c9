/**
 * `POST /v1/audio/normalize` — loudness normalisation of an uploaded audio
 * file to a delivery standard (podcast, streaming, EBU R128, ATSC A/85), with
 * the input and the result measured to EBU R128.
 *
 * @module
 */
import { traced } from "../../../lib/shared/telemetry.ts";
import { z } from "zod";
import { base64BodyCap, defineOperation } from "../../../lib/operation/mod.ts";
import {
  AUDIO_PREFIX_BYTES,
  GAIN_REASONS,
  loadNormalizer,
  NORMALIZATION_MODES,
  OUTPUT_FORMATS,
  precheckAudio,
  precheckAudioPrefix,
  PRESET_NAMES,
  TARGET_RANGES,
} from "../../../lib/audio/mod.ts";

const loudness = z.object({
  integratedLufs: z.number().describe("Integrated loudness, LUFS"),
  truePeakDbtp: z.number().describe("Maximum true peak, dBTP"),
  lra: z.number().describe("Loudness range, LU"),
  threshold: z.number().describe("Relative gating threshold of the integrated loudness, LUFS"),
});

/** Headers sent with the raw bytes when the client prefers `audio/*`. */
function loudnessHeaders(output: Record<string, unknown>): Record<string, string> {
  const result = output as z.infer<typeof outputSchema>;
  return {
    "X-Loudness-Input-Integrated": String(result.input.integratedLufs),
    "X-Loudness-Input-True-Peak": String(result.input.truePeakDbtp),
    "X-Loudness-Input-LRA": String(result.input.lra),
    "X-Loudness-Output-Integrated": String(result.output.integratedLufs),
    "X-Loudness-Output-True-Peak": String(result.output.truePeakDbtp),
    "X-Loudness-Output-LRA": String(result.output.lra),
    "X-Loudness-Target": `I=${result.target.i};TP=${result.target.tp};LRA=${result.target.lra}`,
    "X-Loudness-Normalization-Type": result.normalizationType,
    "X-Loudness-Gain-Linear": String(result.gainDecision.linear),
    "X-Loudness-Gain-Reason": result.gainDecision.reason,
    "X-Loudness-Gain": String(result.gainDb),
    "X-Audio-Duration": String(result.durationSeconds),
  };
}

/** The message for a value outside a list. */
function oneOf(key: string, values: readonly string[]): string {
  return `Invalid ${key}: expected one of ${values.join(", ")}`;
}

/** An optional target figure within its range, with a message naming the range. */
function figure(key: keyof typeof TARGET_RANGES, description: string) {
  const [min, max] = TARGET_RANGES[key];
  const error = `Invalid ${key}: expected a number from ${min} to ${max}`;
  return z.number({ error }).min(min, { error }).max(max, { error }).optional().describe(description);
}

const outputSchema = z.object({
  audio: z.string().describe("The normalised audio, base64"),
  mimeType: z.string().describe("Media type of the normalised audio"),
  format: z.enum(OUTPUT_FORMATS).describe("Format of the normalised audio"),
  durationSeconds: z.number().describe("Duration of the input, seconds"),
  sampleRate: z.number().int().describe(
    "Sample rate of the result, Hz (the input's unless the format cannot carry it)",
  ),
  channels: z.number().int().describe("Channels of the result"),
  input: loudness.describe("EBU R128 measurement of the input"),
  output: loudness.describe(
    "EBU R128 figures of the result: measured on the encoded bytes, or for a plain gain into WAV/FLAC the " +
      "input's moved by the gain (exact)",
  ),
  target: z.object({
    i: z.number().describe("Target integrated loudness, LUFS"),
    tp: z.number().describe("True-peak ceiling, dBTP"),
    lra: z.number().describe("Target loudness range, LU (dynamic mode only)"),
    preset: z.enum(PRESET_NAMES),
  }).describe("The target applied"),
  normalizationType: z.enum(["linear", "linear_lowered", "limited", "dynamic"]).describe(
    "linear: one exact gain; linear_lowered: the gain was reduced to keep the peak under the ceiling, so the " +
      "result is quieter than the target; limited: gain plus a peak limiter; dynamic: ffmpeg loudnorm's dynamic mode",
  ),
  gainDecision: z.object({
    linear: z.boolean().describe(
      "true: one gain scaled every sample (dynamics untouched); false: peaks were limited or the dynamics compressed",
    ),
    reason: z.enum(GAIN_REASONS).describe(
      "peak_within_ceiling: the full gain keeps the true peak under the ceiling; peak_over_ceiling: it would " +
        "not, so peaks were limited (mode auto) or the gain lowered (mode linear); encoded_peak_over_ceiling: it " +
        "would on paper but the encoded result went over, so the same remedy followed; limiting_insufficient: " +
        "limiting could not reach the target under the ceiling, so the gain was lowered; " +
        "dynamic_mode_requested: loudnorm's dynamic mode was asked for",
    ),
    fullGainDb: z.number().describe("Gain that would reach the target loudness exactly, dB"),
    peakAtFullGainDbtp: z.number().describe("Where that gain would put the input's true peak, dBTP"),
    ceilingDbtp: z.number().describe("The true-peak ceiling, dBTP"),
    encoderHeadroomDb: z.number().describe("Margin kept under the ceiling for the encoder's overshoot, dB"),
    belowTargetLu: z.number().describe(
      "How far the result's loudness is under the target, LU (0 when at or above)",
    ),
    explanation: z.string().describe("The same in one sentence"),
  }).describe("Whether the gain was linear or limited, and why"),
  gainDb: z.number().describe("Gain applied before any limiting, dB"),
  passes: z.number().int().describe("Passes over the audio, the input measurement included"),
});

export default defineOperation({
  id: "normalize_audio",
  title: "Normalise audio loudness",
  summary:
    "Normalise an audio file's loudness to a podcast, streaming or broadcast target, measured to EBU R128",
  description:
    "Measures the integrated loudness, true peak and loudness range of an audio file (WAV, FLAC, MP3, " +
    "Ogg Opus/Vorbis, M4A/AAC, WebM, AIFF) and brings it to a target: podcast (-16 LUFS, -1 dBTP, the default), " +
    "streaming (-14/-1), broadcast (EBU R128, -23/-1) or atsc (A/85, -24/-2), or explicit i/tp/lra. A plain gain " +
    "is applied when it keeps the true peak under the ceiling; otherwise a peak limiter is added (mode auto), " +
    "the target is lowered (mode linear) or loudnorm's dynamic mode is used (mode dynamic). The result is " +
    "measured again and returned base64 with both measurements. Up to 384 MB and 15 minutes; a smaller " +
    "memory budget lowers the size limit (`/healthz` lists the limits in force, and a 413 names it).",
  method: "POST",
  price: "$0.01",
  alt: true,
  guide: "audio-normalization",
  input: z.object({
    audio: z.string().describe(
      "The audio file, base64 (over HTTP the body may also be the raw file or a multipart `file`)",
    ),
    preset: z.enum(PRESET_NAMES, { error: oneOf("preset", PRESET_NAMES) }).optional().describe(
      "Target preset (default podcast: -16 LUFS, -1 dBTP, LRA 11)",
    ),
    i: figure("i", "Target integrated loudness, LUFS (overrides the preset)"),
    tp: figure("tp", "True-peak ceiling, dBTP (overrides the preset)"),
    lra: figure("lra", "Target loudness range, LU, used by the dynamic mode (overrides the preset)"),
    format: z.enum(OUTPUT_FORMATS, { error: oneOf("format", OUTPUT_FORMATS) }).optional()
      .describe("Output format (default: the input's family)"),
    mode: z.enum(NORMALIZATION_MODES, { error: oneOf("mode", NORMALIZATION_MODES) }).optional().describe(
      "When a plain gain would clip: auto adds a limiter (default), linear lowers the target, dynamic uses loudnorm",
    ),
  }),
  output: outputSchema,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  binary: {
    field: "audio" as const,
    mediaTypes: ["audio/*", "application/octet-stream"],
    // The request that only gets the 402 is checked from the upload's first bytes, not held.
    unpaidPrefixBytes: AUDIO_PREFIX_BYTES,
  },
  binaryOutput: { field: "audio", mediaTypeField: "mimeType", accept: "audio/*", headers: loudnessHeaders },
  maxBodyBytes: (services) => base64BodyCap(services.audio.limits.maxBytes),
  example: { audio: "<base64 of a WAV file>", preset: "podcast" },
  precheck(input, services, { upload } = {}) {
    const { audio: bytes, ...request } = input;
    if (upload) precheckAudioPrefix(bytes, upload.totalBytes, request, services.audio.limits);
    else precheckAudio(bytes, request, services.audio.limits);
  },
  async handler(input, ctx) {
    const audio = ctx.services.audio;
    const { audio: bytes, ...request } = input;
    // The normaliser (decoding, metering, encoding) loads with the first paid request, not at start.
    const { normalizeAudioStreamed } = await loadNormalizer();
    const result = await traced(
      "audio.normalize",
      { "audio.input_bytes": bytes.byteLength },
      () =>
        normalizeAudioStreamed(bytes, request, {
          limits: audio.limits,
          gate: audio.gate,
          signal: ctx.signal,
          // The decoded body is this request's own and is not read again.
          reuseInput: true,
        }),
    );
    // The bytes, or an encoding made again as it is read: each transport writes them as it answers (raw, or
    // base64 a slice at a time), so a long programme's result is never held.
    return result;
  },
});
