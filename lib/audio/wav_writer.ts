/**
 * Writes a WAV in process from float PCM with a gain applied: 16- or 24-bit
 * integers, rounded to nearest (halves up, by an offset and a truncation,
 * several times faster than `Math.round`) and clamped as ffmpeg's converter does, with
 * the header's sizes known up front. Used for plain-gain results, which need
 * no filter and no encoder.
 *
 * @module
 */
import type { PcmSource } from "./pcm_source.ts";
import type { WavPcm } from "./wav_pcm.ts";

/** The shape of the WAV to write. */
export interface WavShape {
  sampleRate: number;
  /** 1 or 2: layouts with more channels need a channel mask and go through ffmpeg. */
  channels: number;
  bits: 16 | 24;
  frames: number;
}

/** Whether {@linkcode writeWav} can write this layout. */
export function canWriteWav(channels: number): boolean {
  return channels === 1 || channels === 2;
}

/** The 44-byte (16-bit) or 68-byte (24-bit, extensible) header. */
function header(shape: WavShape, dataBytes: number): Uint8Array {
  const extensible = shape.bits > 16;
  const fmtSize = extensible ? 40 : 16;
  const bytes = new Uint8Array(20 + fmtSize + 8);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  };
  const blockAlign = shape.channels * shape.bits / 8;
  ascii(0, "RIFF");
  view.setUint32(4, bytes.length - 8 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, fmtSize, true);
  view.setUint16(20, extensible ? 0xfffe : 1, true);
  view.setUint16(22, shape.channels, true);
  view.setUint32(24, shape.sampleRate, true);
  view.setUint32(28, shape.sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, shape.bits, true);
  if (extensible) {
    view.setUint16(36, 22, true);
    view.setUint16(38, shape.bits, true);
    view.setUint32(40, shape.channels === 1 ? 0x4 : 0x3, true);
    // KSDATAFORMAT_SUBTYPE_PCM: 00000001-0000-0010-8000-00aa00389b71
    bytes.set([1, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xaa, 0, 0x38, 0x9b, 0x71], 44);
  }
  ascii(20 + fmtSize, "data");
  view.setUint32(24 + fmtSize, dataBytes, true);
  return bytes;
}

/** Scales, rounds and clamps floats into 16-bit integers at `index`. */
function put16(samples: Float32Array, out: Int16Array, index: number, scale: number): void {
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]! * scale;
    out[index + i] = v >= 32767 ? 32767 : v <= -32768 ? -32768 : ((v + 32768.5) | 0) - 32768;
  }
}

/** Scales, rounds and clamps floats into 24-bit little-endian integers at byte `at`. */
function put24(samples: Float32Array, out: Uint8Array, at: number, scale: number): void {
  for (let i = 0; i < samples.length; i++, at += 3) {
    const f = samples[i]! * scale;
    const v = f >= 8388607 ? 8388607 : f <= -8388608 ? -8388608 : ((f + 8388608.5) | 0) - 8388608;
    out[at] = v & 0xff;
    out[at + 1] = (v >> 8) & 0xff;
    out[at + 2] = (v >> 16) & 0xff;
  }
}

/**
 * Writes `source` times `gainDb` as a WAV of `shape`.
 *
 * @throws {RangeError} When the source holds more frames than `shape.frames`.
 */
export async function writeWav(source: PcmSource, shape: WavShape, gainDb: number): Promise<Uint8Array> {
  const width = shape.bits / 8;
  const dataBytes = shape.frames * shape.channels * width;
  const head = header(shape, dataBytes);
  const out = new Uint8Array(head.length + dataBytes + (dataBytes & 1));
  out.set(head);
  const scale = 10 ** (gainDb / 20) * (shape.bits === 16 ? 32768 : 8388608);
  const ints = shape.bits === 16 ? new Int16Array(out.buffer, head.length, dataBytes / 2) : undefined;
  let written = 0;
  for await (const samples of source) {
    if ((written + samples.length) * width > dataBytes) throw new RangeError("More samples than declared");
    if (ints) put16(samples, ints, written, scale);
    else put24(samples, out, head.length + written * 3, scale);
    written += samples.length;
  }
  return out;
}

/**
 * Writes a 16-bit PCM WAV's samples times `gainDb` as a 16-bit WAV, integer
 * to integer without a float copy of the programme (the common case of a plain
 * gain on a 16-bit WAV). With `inPlace`, the result overwrites the input (its
 * new 44-byte header just before the samples) and is a view of `bytes`: no
 * second programme-sized buffer is allocated or faulted in. `undefined` when
 * the samples are not 16-bit integers at an even offset, for
 * {@linkcode writeWav} to handle.
 */
export function rescaleWav16(
  bytes: Uint8Array,
  wav: WavPcm,
  gainDb: number,
  inPlace = false,
): Uint8Array | undefined {
  const start = bytes.byteOffset + wav.offset;
  if (wav.bits !== 16 || wav.float || start % 2 !== 0 || !canWriteWav(wav.channels)) return undefined;
  const count = wav.frames * wav.channels;
  const input = new Int16Array(bytes.buffer, start, count);
  const head = header(
    { sampleRate: wav.rate, channels: wav.channels, bits: 16, frames: wav.frames },
    count * 2,
  );
  const out = inPlace && wav.offset >= head.length
    ? bytes.subarray(wav.offset - head.length, wav.offset + count * 2)
    : new Uint8Array(head.length + count * 2);
  out.set(head);
  const output = new Int16Array(out.buffer, out.byteOffset + head.length, count);
  const gain = 10 ** (gainDb / 20);
  for (let i = 0; i < count; i++) {
    const v = input[i]! * gain;
    output[i] = v >= 32767 ? 32767 : v <= -32768 ? -32768 : ((v + 32768.5) | 0) - 32768;
  }
  return out;
}
