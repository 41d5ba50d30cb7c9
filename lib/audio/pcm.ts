/**
 * Raw PCM as it moves between ffmpeg and the in-process meter and writers:
 * the sample encoding ffmpeg is asked to emit, byte chunks reassembled into
 * whole interleaved float frames, and float frames turned back into bytes.
 *
 * @module
 */
import type { ContainerKind } from "./containers.ts";

/** Raw sample encodings exchanged with ffmpeg: 16-bit integers (half the bytes) or 32-bit floats. */
export type PcmEncoding = "s16le" | "f32le";

/** Bits per sample of a 16-bit PCM WAV (`fmt ` chunk) or FLAC (`STREAMINFO`), when it says so. */
function declaredBits(bytes: Uint8Array, kind: ContainerKind): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === "wav") {
    for (let at = 12; at + 8 <= bytes.length;) {
      const size = view.getUint32(at + 4, true);
      if (String.fromCharCode(...bytes.subarray(at, at + 4)) === "fmt ") {
        if (at + 24 > bytes.length) return undefined;
        const tag = view.getUint16(at + 8, true);
        return tag === 1 || tag === 0xfffe ? view.getUint16(at + 22, true) : undefined;
      }
      at += 8 + size + (size & 1);
    }
    return undefined;
  }
  if (kind === "flac" && bytes.length >= 26 && String.fromCharCode(...bytes.subarray(0, 4)) === "fLaC") {
    return (((bytes[20]! & 1) << 4) | (bytes[21]! >> 4)) + 1;
  }
  return undefined;
}

/**
 * The encoding to decode `bytes` to: 16-bit integers when the source holds
 * 16-bit samples (exact, and half the bytes through the pipe), floats
 * otherwise (exact for 24-bit sources, and what lossy decoders produce).
 */
export function pcmEncodingFor(bytes: Uint8Array, kind: ContainerKind): PcmEncoding {
  const bits = declaredBits(bytes, kind);
  return bits !== undefined && bits <= 16 ? "s16le" : "f32le";
}

/** Bytes per sample of an encoding. */
export function bytesPerSample(encoding: PcmEncoding): number {
  return encoding === "s16le" ? 2 : 4;
}

/**
 * Reassembles byte chunks of any length into whole frames of interleaved
 * floats, handed to `onFrames` (the array is reused between calls). Reads
 * the machine's byte order, which is little-endian wherever this runs.
 */
export function createFrameReader(
  encoding: PcmEncoding,
  channels: number,
  onFrames: (samples: Float32Array, frames: number) => void,
) {
  const frameBytes = bytesPerSample(encoding) * channels;
  let carry = new Uint8Array(0);
  let floats = new Float32Array(0);
  let total = 0;
  return {
    push(chunk: Uint8Array): void {
      let bytes = chunk;
      if (carry.length) {
        bytes = new Uint8Array(carry.length + chunk.length);
        bytes.set(carry);
        bytes.set(chunk, carry.length);
      }
      const frames = Math.floor(bytes.length / frameBytes);
      const whole = frames * frameBytes;
      carry = bytes.slice(whole);
      if (frames === 0) return;
      const count = frames * channels;
      if (floats.length < count) floats = new Float32Array(count);
      if (bytes.byteOffset % 4 !== 0) bytes = bytes.slice(0, whole);
      if (encoding === "s16le") {
        const ints = new Int16Array(bytes.buffer, bytes.byteOffset, count);
        for (let i = 0; i < count; i++) floats[i] = ints[i]! / 32768;
      } else {
        floats.set(new Float32Array(bytes.buffer, bytes.byteOffset, count));
      }
      total += frames;
      onFrames(floats, frames);
    },
    /** Frames read so far. */
    frames: () => total,
  };
}

/**
 * A source's interleaved float frames as `f32le` bytes for a pipe, each a view
 * of the chunk the source yielded, not a copy. A source may fill one buffer
 * again for its next chunk (`wavChunks` does), which it does only when that
 * chunk is asked for: the consumer must be done with a chunk (a pipe's write
 * resolved, as ffmpeg's feeder awaits) before it asks. Copied, a 16-bit WAV's
 * floats were twice its bytes of garbage on every pass through ffmpeg.
 */
export async function* floatByteViews(source: AsyncIterable<Float32Array>): AsyncIterable<Uint8Array> {
  for await (const samples of source) {
    yield new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
  }
}
