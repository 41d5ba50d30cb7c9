/**
 * Recognises audio containers by their first bytes, before ffmpeg sees
 * anything. Only real audio containers pass; playlists (HLS, ffconcat, m3u),
 * text, video-only formats and random bytes are refused here, and ffmpeg is
 * then forced to the recognised demuxer, reading nothing but its stdin.
 *
 * @module
 */
import { InvalidInputError } from "../shared/errors.ts";

/** The audio containers accepted as input. */
export type ContainerKind = "wav" | "aiff" | "flac" | "mp3" | "aac" | "ogg" | "mp4" | "matroska";

/** ffmpeg demuxer forced for each container. */
const DEMUXERS: Record<ContainerKind, string> = {
  wav: "wav",
  aiff: "aiff",
  flac: "flac",
  mp3: "mp3",
  aac: "aac",
  ogg: "ogg",
  mp4: "mov",
  matroska: "matroska",
};

/** Every demuxer ffmpeg may use (`-format_whitelist`). */
const FORMAT_WHITELIST = "wav,aiff,flac,mp3,aac,ogg,mov,mp4,m4a,3gp,3g2,mj2,matroska,webm";

const SUPPORTED = "WAV, AIFF, FLAC, MP3, AAC (ADTS), Ogg (Opus, Vorbis, FLAC), M4A/MP4 or WebM/Matroska";

/** Whether `bytes` holds `text` (ASCII) at `offset`. */
function hasAscii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}

const MP3_BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_RATES = [44100, 48000, 32000];

/** Length in bytes of the MPEG layer III frame whose header starts at `at`, or 0 if there is none. */
function mp3FrameLength(bytes: Uint8Array, at: number): number {
  const [b0, b1, b2] = [bytes[at], bytes[at + 1], bytes[at + 2]];
  if (b0 !== 0xff || b1 === undefined || b2 === undefined || (b1 & 0xe0) !== 0xe0) return 0;
  const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layer = (b1 >> 1) & 3; // 1: layer III
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return 0;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? MP3_BITRATES_V1 : MP3_BITRATES_V2)[bitrateIndex]! * 1000;
  const rate = MP3_RATES[rateIndex]! / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  return Math.floor(((mpeg1 ? 144 : 72) * bitrate) / rate) + ((b2 >> 1) & 1);
}

/** Length of the AAC ADTS frame whose header starts at `at`, or 0 if there is none. */
function adtsFrameLength(bytes: Uint8Array, at: number): number {
  const b = bytes.subarray(at, at + 7);
  if (b.length < 7 || b[0] !== 0xff || (b[1]! & 0xf6) !== 0xf0 || ((b[2]! >> 2) & 0xf) > 12) return 0;
  const length = ((b[3]! & 3) << 11) | (b[4]! << 3) | (b[5]! >> 5);
  return length >= 7 ? length : 0;
}

/** True when a frame header at `at` is followed by another one (or the end of the data). */
function framesChain(
  bytes: Uint8Array,
  at: number,
  frameLength: (b: Uint8Array, at: number) => number,
): boolean {
  const first = frameLength(bytes, at);
  if (first === 0) return false;
  const next = at + first;
  return next >= bytes.length - 3 || frameLength(bytes, next) > 0;
}

/** Size of a leading ID3v2 tag, or 0. */
export function id3Size(bytes: Uint8Array): number {
  if (!hasAscii(bytes, 0, "ID3") || bytes.length < 10) return 0;
  const size = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!;
  return 10 + size + ((bytes[5]! & 0x10) ? 10 : 0);
}

/**
 * Identifies the container of `bytes` from its signature.
 *
 * @returns The container kind.
 * @throws {InvalidInputError} When the body is empty or not a supported audio container.
 */
export function sniffContainer(bytes: Uint8Array): ContainerKind {
  if (bytes.length === 0) throw new InvalidInputError("Invalid audio: the body is empty");
  if ((hasAscii(bytes, 0, "RIFF") || hasAscii(bytes, 0, "RF64")) && hasAscii(bytes, 8, "WAVE")) return "wav";
  if (hasAscii(bytes, 0, "FORM") && (hasAscii(bytes, 8, "AIFF") || hasAscii(bytes, 8, "AIFC"))) return "aiff";
  if (hasAscii(bytes, 0, "OggS")) return "ogg";
  if (hasAscii(bytes, 4, "ftyp")) return "mp4";
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "matroska";
  const start = id3Size(bytes);
  if (hasAscii(bytes, start, "fLaC")) return "flac";
  if (framesChain(bytes, start, mp3FrameLength)) return "mp3";
  if (framesChain(bytes, start, adtsFrameLength)) return "aac";
  throw new InvalidInputError(`Unsupported audio format: expected ${SUPPORTED}`);
}

/** The MIME-ish name of each container, for messages. */
export function containerLabel(kind: ContainerKind): string {
  return kind === "mp4" ? "M4A/MP4" : kind === "matroska" ? "WebM/Matroska" : kind.toUpperCase();
}

/**
 * ffmpeg's input arguments for untrusted bytes on stdin: only the `pipe`
 * protocol, only audio demuxers, the demuxer forced to `kind`, no external
 * references in MP4, and at most `maxSeconds` decoded.
 */
export function pipeInputArgs(kind: ContainerKind, maxSeconds: number): string[] {
  const mp4 = kind === "mp4" ? ["-enable_drefs", "0", "-use_absolute_path", "0"] : [];
  return [
    "-protocol_whitelist",
    "pipe",
    "-format_whitelist",
    FORMAT_WHITELIST,
    "-f",
    DEMUXERS[kind],
    ...mp4,
    "-t",
    String(maxSeconds),
    "-i",
    "pipe:0",
  ];
}

/**
 * The duration a WAV or FLAC header declares, in seconds, when it declares one
 * (a streamed WAV or FLAC may not); `undefined` for other containers.
 */
export function declaredDurationSeconds(bytes: Uint8Array, kind: ContainerKind): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === "flac") {
    const at = id3Size(bytes) + 4; // STREAMINFO is the first metadata block
    if (bytes.length < at + 4 + 18 || (bytes[at]! & 0x7f) !== 0) return undefined;
    const info = at + 4;
    const rate = (view.getUint16(info + 10) << 4) | (bytes[info + 12]! >> 4);
    const samples = (bytes[info + 13]! & 0x0f) * 2 ** 32 + view.getUint32(info + 14);
    return rate > 0 && samples > 0 ? samples / rate : undefined;
  }
  if (kind === "wav" && hasAscii(bytes, 0, "RIFF")) {
    let byteRate = 0;
    for (let at = 12; at + 8 <= bytes.length;) {
      const size = view.getUint32(at + 4, true);
      if (hasAscii(bytes, at, "fmt ") && at + 20 <= bytes.length) byteRate = view.getUint32(at + 16, true);
      if (hasAscii(bytes, at, "data")) {
        return byteRate > 0 && size > 0 && size < 0xffffffff ? size / byteRate : undefined;
      }
      at += 8 + size + (size & 1);
    }
  }
  return undefined;
}
