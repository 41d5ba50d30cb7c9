/**
 * Output formats: which codec and container each one uses, what it can carry
 * (sample rates, channels), the default for an input, and the finishing
 * touches a pipe cannot do (a WAV header's sizes).
 *
 * @module
 */
import type { ContainerKind } from "./containers.ts";
import type { StreamInfo } from "./ffmpeg_log.ts";

/** The formats a result can be encoded in. */
export const OUTPUT_FORMATS = ["wav", "flac", "mp3", "opus", "m4a"] as const;

/** An output format. */
export type OutputFormat = typeof OUTPUT_FORMATS[number];

interface FormatSpec {
  mimeType: string;
  /** Lossless formats carry the filter output exactly, so it can be measured in the same pass. */
  lossless: boolean;
  /** The container the encoded result is read back as. */
  container: ContainerKind;
  /** True-peak headroom kept below the ceiling at first, for the encoder's overshoot (dB). */
  headroomDb: number;
  /** Sample rates the encoder takes (any when empty). */
  rates: number[];
  /** Most channels the format is produced with; more are downmixed to stereo. */
  maxChannels: number;
}

const SPECS: Record<OutputFormat, FormatSpec> = {
  wav: {
    mimeType: "audio/wav",
    lossless: true,
    container: "wav",
    headroomDb: 0.1,
    rates: [],
    maxChannels: 8,
  },
  flac: {
    mimeType: "audio/flac",
    lossless: true,
    container: "flac",
    headroomDb: 0.1,
    rates: [],
    maxChannels: 8,
  },
  mp3: {
    mimeType: "audio/mpeg",
    lossless: false,
    container: "mp3",
    headroomDb: 0.5,
    rates: [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000],
    maxChannels: 2,
  },
  opus: {
    mimeType: "audio/ogg",
    lossless: false,
    container: "ogg",
    headroomDb: 0.5,
    rates: [8000, 12000, 16000, 24000, 48000],
    maxChannels: 2,
  },
  m4a: {
    mimeType: "audio/mp4",
    lossless: false,
    container: "mp4",
    headroomDb: 0.5,
    rates: [7350, 8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000, 64000, 88200, 96000],
    maxChannels: 8,
  },
};

/** The media type of a format. */
export function mimeTypeOf(format: OutputFormat): string {
  return SPECS[format].mimeType;
}

/** Whether the format reproduces the filtered samples exactly. */
export function isLossless(format: OutputFormat): boolean {
  return SPECS[format].lossless;
}

/** The container an encoded result is read back as. */
export function containerOf(format: OutputFormat): ContainerKind {
  return SPECS[format].container;
}

/** True-peak headroom first kept for the format's encoder, in dB. */
export function headroomOf(format: OutputFormat): number {
  return SPECS[format].headroomDb;
}

/** The input's format family: lossless PCM stays WAV, other lossless codecs become FLAC, lossy ones keep their codec. */
export function defaultFormat(stream: StreamInfo): OutputFormat {
  const codec = stream.codec;
  if (codec.startsWith("pcm_")) return "wav";
  if (stream.bits !== undefined) return "flac";
  if (codec === "mp3") return "mp3";
  if (codec === "opus" || codec === "vorbis") return "opus";
  return "m4a";
}

/** The sample rate a format is written at: the input's, unless the encoder cannot take it. */
export function outputRate(format: OutputFormat, inputRate: number): number {
  const rates = SPECS[format].rates;
  if (rates.length === 0 || rates.includes(inputRate)) return inputRate;
  return rates.includes(48000) ? 48000 : rates.at(-1)!;
}

/** The channel layout a format is written with: the input's, or stereo where the format carries fewer. */
export function outputLayout(format: OutputFormat, stream: StreamInfo): string {
  return stream.channels > SPECS[format].maxChannels ? "stereo" : stream.layout;
}

/** Bitrate for a lossy encoder: a generous per-channel rate. */
function bitrate(format: OutputFormat, channels: number): string {
  const perChannel = format === "opus" ? 64 : 96;
  return `${perChannel * Math.min(channels, 2)}k`;
}

/**
 * ffmpeg's output arguments for `format`, writing to stdout without seeking
 * (no Xing header, fragmented MP4), metadata dropped. The output is bit-exact
 * (no random Ogg serial number, no version tags): the same samples encode to
 * the same bytes, which lets a result be made again rather than held.
 */
export function encoderArgs(format: OutputFormat, stream: StreamInfo): string[] {
  const rate = outputRate(format, stream.sampleRate);
  const channels = Math.min(stream.channels, SPECS[format].maxChannels);
  const deep = (stream.bits ?? 16) > 16;
  const codec: Record<OutputFormat, string[]> = {
    wav: ["-c:a", deep ? "pcm_s24le" : "pcm_s16le", "-f", "wav"],
    flac: ["-c:a", "flac", "-sample_fmt", deep ? "s32" : "s16", "-f", "flac"],
    mp3: ["-c:a", "libmp3lame", "-b:a", bitrate(format, channels), "-write_xing", "0", "-f", "mp3"],
    opus: ["-c:a", "libopus", "-b:a", bitrate(format, channels), "-f", "ogg"],
    m4a: [
      "-c:a",
      "aac",
      "-b:a",
      bitrate(format, channels),
      "-f",
      "mp4",
      "-movflags",
      "+empty_moov+default_base_moof",
      "-frag_duration",
      "10000000",
    ],
  };
  return ["-map_metadata", "-1", "-fflags", "+bitexact", "-ar", String(rate), ...codec[format], "pipe:1"];
}

/** A guess of the encoded size, to allocate the output buffer once. */
export function estimateOutputBytes(format: OutputFormat, stream: StreamInfo, seconds: number): number {
  const channels = Math.min(stream.channels, SPECS[format].maxChannels);
  const pcm = seconds * outputRate(format, stream.sampleRate) * channels * ((stream.bits ?? 16) > 16 ? 3 : 2);
  if (format === "wav") return Math.ceil(pcm) + 4096;
  if (format === "flac") return Math.ceil(pcm * 0.7);
  return Math.ceil((seconds * parseInt(bitrate(format, channels)) * 1000) / 8 * 1.1) + 4096;
}

/**
 * Completes what ffmpeg cannot write to a pipe: a WAV's RIFF and data sizes
 * (left at 0xFFFFFFFF), patched in place. Other formats are returned as is.
 */
export function finishOutput(format: OutputFormat, bytes: Uint8Array): Uint8Array {
  if (format === "wav") patchWavSizes(bytes, bytes.length);
  return bytes;
}

/**
 * Writes the RIFF and data sizes of a WAV of `total` bytes into `head`, its
 * first bytes (the whole file, or enough to hold its header).
 */
export function patchWavSizes(head: Uint8Array, total: number): void {
  if (head.length < 12 || total > 0xffffffff) return;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  view.setUint32(4, total - 8, true);
  for (let at = 12; at + 8 <= head.length;) {
    const id = String.fromCharCode(...head.subarray(at, at + 4));
    if (id === "data") {
      view.setUint32(at + 4, total - at - 8, true);
      break;
    }
    const size = view.getUint32(at + 4, true);
    at += 8 + size + (size & 1);
  }
}
