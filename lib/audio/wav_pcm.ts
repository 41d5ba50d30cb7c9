/**
 * The samples of a PCM WAV read where they lie: the header's format, channel
 * layout and data chunk, and the samples as floats, chunk by chunk. Enough to
 * measure and rescale a WAV without ffmpeg.
 *
 * @module
 */
import type { StreamInfo } from "./ffmpeg_log.ts";
import { layoutOfMask } from "./layouts.ts";

/** Frames per chunk. */
const CHUNK_FRAMES = 16384;
/** Most channels read in place; more go through ffmpeg. */
const MAX_CHANNELS = 8;

/** The sample data of a PCM WAV: where it is and how it is encoded. */
export interface WavPcm {
  rate: number;
  channels: number;
  bits: number;
  float: boolean;
  /** Speaker mask of a `WAVE_FORMAT_EXTENSIBLE` header (0 when absent). */
  mask: number;
  /** Offset of the first sample. */
  offset: number;
  frames: number;
}

/** The sample encoding of a WAV, as {@linkcode decodeFrames} needs it. */
export type WavEncoding = Pick<WavPcm, "channels" | "bits" | "float">;

/**
 * Finds the samples of a little-endian PCM or float WAV (plain or
 * extensible); `undefined` for anything else (compressed, 8-bit, RF64,
 * malformed, more than 8 channels), which ffmpeg then decodes.
 */
export function wavPcm(bytes: Uint8Array): WavPcm | undefined {
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || text(0) !== "RIFF" || text(8) !== "WAVE") return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Omit<WavPcm, "offset" | "frames"> | undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const size = view.getUint32(at + 4, true);
    if (text(at) === "fmt ") {
      if (format || size < 16 || at + 24 > bytes.length) return undefined;
      let tag = view.getUint16(at + 8, true);
      let mask = 0;
      if (tag === 0xfffe) {
        if (size < 40 || at + 48 > bytes.length) return undefined;
        mask = view.getUint32(at + 28, true);
        tag = view.getUint16(at + 32, true);
      }
      const bits = view.getUint16(at + 22, true);
      const channels = view.getUint16(at + 10, true);
      const rate = view.getUint32(at + 12, true);
      const blockAlign = view.getUint16(at + 20, true);
      const float = tag === 3;
      const known = (tag === 1 && [16, 24, 32].includes(bits)) || (float && bits === 32);
      if (!known || channels === 0 || channels > MAX_CHANNELS || rate < 8000 || rate > 384000) {
        return undefined;
      }
      if (blockAlign !== channels * bits / 8) return undefined;
      format = { rate, channels, bits, float, mask };
    }
    if (text(at) === "data") {
      if (!format) return undefined;
      const available = Math.min(size, bytes.length - at - 8);
      return {
        ...format,
        offset: at + 8,
        frames: Math.floor(available / (format.channels * format.bits / 8)),
      };
    }
    at += 8 + size + (size & 1);
  }
  return undefined;
}

/**
 * The stream as ffmpeg would describe this WAV: its codec, rate, channels,
 * layout (from the speaker mask, or ffmpeg's default for the channel count)
 * and depth; `undefined` when the mask names no layout ffmpeg knows.
 */
export function wavStream(wav: WavPcm): StreamInfo | undefined {
  const layout = layoutOfMask(wav.mask, wav.channels);
  if (!layout) return undefined;
  const codec = wav.float ? "pcm_f32le" : `pcm_s${wav.bits}le`;
  return { codec, sampleRate: wav.rate, channels: wav.channels, layout, bits: wav.bits > 16 ? 24 : 16 };
}

/**
 * Decodes `count` samples (whole frames) of `encoding` starting at byte `at`
 * of `bytes` into `out` as floats in [−1, 1).
 */
export function decodeFrames(
  bytes: Uint8Array,
  encoding: WavEncoding,
  at: number,
  count: number,
  out: Float32Array,
): void {
  const { bits, float } = encoding;
  if (bits === 16 && (bytes.byteOffset + at) % 2 === 0) {
    const ints = new Int16Array(bytes.buffer, bytes.byteOffset + at, count);
    for (let i = 0; i < count; i++) out[i] = ints[i]! * (1 / 32768);
    return;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bits === 16) {
    for (let i = 0; i < count; i++, at += 2) out[i] = view.getInt16(at, true) / 32768;
  } else if (bits === 24) {
    for (let i = 0; i < count; i++, at += 3) {
      out[i] = ((bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)) << 8 >> 8) / 8388608;
    }
  } else if (float) {
    for (let i = 0; i < count; i++, at += 4) out[i] = view.getFloat32(at, true);
  } else {
    for (let i = 0; i < count; i++, at += 4) out[i] = view.getInt32(at, true) / 2147483648;
  }
}

/** Reads a PCM WAV's samples as interleaved floats, in chunks (the array is reused between chunks). */
export async function* wavChunks(bytes: Uint8Array, wav: WavPcm): AsyncIterable<Float32Array> {
  const { channels, bits, offset, frames } = wav;
  const out = new Float32Array(CHUNK_FRAMES * channels);
  for (let frame = 0; frame < frames; frame += CHUNK_FRAMES) {
    const count = Math.min(CHUNK_FRAMES, frames - frame) * channels;
    decodeFrames(bytes, wav, offset + frame * channels * bits / 8, count, out);
    yield out.subarray(0, count);
  }
}
