/**
 * The samples of a PCM WAV read where they lie: the header's format and data
 * chunk, and the samples as floats, chunk by chunk.
 *
 * @module
 */

/** Frames per chunk. */
const CHUNK_FRAMES = 16384;

/** The sample data of a PCM WAV: where it is and how it is encoded. */
export interface WavPcm {
  rate: number;
  channels: number;
  bits: number;
  float: boolean;
  /** Offset of the first sample. */
  offset: number;
  frames: number;
}

/**
 * Finds the samples of a little-endian PCM or float WAV (plain or
 * extensible); `undefined` for anything else (compressed, RF64, malformed).
 */
export function wavPcm(bytes: Uint8Array): WavPcm | undefined {
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || text(0) !== "RIFF" || text(8) !== "WAVE") return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Omit<WavPcm, "offset" | "frames"> | undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const size = view.getUint32(at + 4, true);
    if (text(at) === "fmt " && at + 24 <= bytes.length) {
      let tag = view.getUint16(at + 8, true);
      if (tag === 0xfffe && at + 34 <= bytes.length) tag = view.getUint16(at + 32, true);
      const bits = view.getUint16(at + 22, true);
      const channels = view.getUint16(at + 10, true);
      const rate = view.getUint32(at + 12, true);
      const blockAlign = view.getUint16(at + 20, true);
      const float = tag === 3;
      const known = (tag === 1 && [16, 24, 32].includes(bits)) || (float && bits === 32);
      if (!known || channels === 0 || rate === 0 || blockAlign !== channels * bits / 8) return undefined;
      format = { rate, channels, bits, float };
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

/** Reads a PCM WAV's samples as interleaved floats, in chunks (the array is reused between chunks). */
export async function* wavChunks(bytes: Uint8Array, wav: WavPcm): AsyncIterable<Float32Array> {
  const { channels, bits, float, offset, frames } = wav;
  const width = bits / 8;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(CHUNK_FRAMES * channels);
  for (let frame = 0; frame < frames; frame += CHUNK_FRAMES) {
    const count = Math.min(CHUNK_FRAMES, frames - frame) * channels;
    let at = offset + frame * channels * width;
    if (bits === 16 && (bytes.byteOffset + at) % 2 === 0) {
      const ints = new Int16Array(bytes.buffer, bytes.byteOffset + at, count);
      for (let i = 0; i < count; i++) out[i] = ints[i]! * (1 / 32768);
    } else if (bits === 16) {
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
    yield out.subarray(0, count);
  }
}
