/**
 * Checks, before any payment, that an upload's header describes audio that
 * can be decoded: a WAV, AIFF or FLAC header that is complete and declares at
 * least one channel and a sample rate above 0, and a body long enough to hold
 * any audio at all. What ffmpeg would only refuse after payment is refused
 * here with a 400 naming the problem.
 *
 * @module
 */
import { InvalidInputError } from "../shared/errors.ts";
import { type ContainerKind, containerLabel, id3Size } from "./containers.ts";

/** Fewer bytes than any container needs for its header and one second of audio. */
export const MIN_AUDIO_BYTES = 64;

/** The ASCII text of four bytes. */
function fourcc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + 4));
}

/** The refusal for a header that ends too early. */
function truncated(what: string, length: number): InvalidInputError {
  return new InvalidInputError(`Invalid audio: the ${what} is truncated (the file ends at byte ${length})`);
}

/** Refuses a declared format without channels or without a sample rate. */
function checkFormat(label: string, channels: number, rate: number): void {
  if (channels === 0) throw new InvalidInputError(`Invalid audio: the ${label} header declares 0 channels`);
  if (!(rate > 0)) {
    throw new InvalidInputError(`Invalid audio: the ${label} header declares a sample rate of 0`);
  }
}

/**
 * A RIFF/RF64 WAV: a complete `fmt ` chunk with channels and a rate, then a
 * `data` chunk with samples. `total`: the upload's size, when `bytes` are only
 * its first bytes (what lies past them is not judged).
 */
function checkWav(bytes: Uint8Array, view: DataView, total: number): void {
  const partial = bytes.length < total;
  let format = false;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = fourcc(bytes, at);
    const size = view.getUint32(at + 4, true);
    if (id === "fmt ") {
      if (at + 8 + 16 > bytes.length) {
        if (partial) return;
        throw truncated("WAV header's fmt chunk", bytes.length);
      }
      checkFormat("WAV", view.getUint16(at + 10, true), view.getUint32(at + 12, true));
      format = true;
    }
    if (id === "data") {
      if (!format) throw new InvalidInputError("Invalid audio: the WAV has no fmt chunk before its data");
      if (at + 8 >= total || size === 0) {
        throw new InvalidInputError("Invalid audio: the WAV holds no samples");
      }
      return;
    }
    at += 8 + size + (size & 1);
  }
  if (partial) return;
  throw truncated(format ? "WAV (no data chunk)" : "WAV header (no fmt chunk)", bytes.length);
}

/** The value of an 80-bit IEEE extended float (AIFF's sample rate). */
function extended(view: DataView, at: number): number {
  const exponent = view.getUint16(at) & 0x7fff;
  const mantissa = view.getUint32(at + 2) * 2 ** 32 + view.getUint32(at + 6);
  return mantissa === 0 ? 0 : mantissa * 2 ** (exponent - 16383 - 63);
}

/** An AIFF/AIFC: a complete `COMM` chunk with channels and a rate, then an `SSND` chunk (`total` as for WAV). */
function checkAiff(bytes: Uint8Array, view: DataView, total: number): void {
  const partial = bytes.length < total;
  let format = false;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = fourcc(bytes, at);
    const size = view.getUint32(at + 4);
    if (id === "COMM") {
      if (at + 8 + 18 > bytes.length) {
        if (partial) return;
        throw truncated("AIFF header's COMM chunk", bytes.length);
      }
      checkFormat("AIFF", view.getUint16(at + 8), extended(view, at + 16));
      format = true;
    }
    if (id === "SSND") {
      if (!format) throw new InvalidInputError("Invalid audio: the AIFF has no COMM chunk before its data");
      return;
    }
    at += 8 + size + (size & 1);
  }
  if (partial) return;
  throw truncated(format ? "AIFF (no SSND chunk)" : "AIFF header (no COMM chunk)", bytes.length);
}

/** A FLAC: a complete STREAMINFO block with a sample rate (`total` as for WAV). */
function checkFlac(bytes: Uint8Array, total: number): void {
  const info = id3Size(bytes) + 8;
  if (info + 34 > bytes.length) {
    if (bytes.length < total) return;
    throw truncated("FLAC header's STREAMINFO block", bytes.length);
  }
  const rate = (bytes[info + 10]! << 12) | (bytes[info + 11]! << 4) | (bytes[info + 12]! >> 4);
  checkFormat("FLAC", ((bytes[info + 12]! >> 1) & 7) + 1, rate);
}

/**
 * Checks the header of `bytes`, sniffed as `kind`. `totalBytes`: the upload's
 * size when `bytes` are only its first bytes; a header that runs past them is
 * not judged (the whole upload is, before it is paid for).
 *
 * @throws {InvalidInputError} When the header is truncated or declares no channels or no sample rate.
 */
export function checkAudioHeader(bytes: Uint8Array, kind: ContainerKind, totalBytes = bytes.length): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === "wav") checkWav(bytes, view, totalBytes);
  if (kind === "aiff") checkAiff(bytes, view, totalBytes);
  if (kind === "flac") checkFlac(bytes, totalBytes);
  if (totalBytes < MIN_AUDIO_BYTES) {
    throw new InvalidInputError(
      `Invalid audio: ${totalBytes} bytes is too short for any ${containerLabel(kind)} file (truncated?)`,
    );
  }
}
