/**
 * Little-endian readers for instruction data, event payloads and logged
 * structs, returning `null` instead of throwing when the data is short.
 *
 * @module
 */

/** Reads fixed-size fields from a byte array. */
export class ByteReader {
  readonly #view: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** An unsigned 64-bit integer at `offset`, or `null` past the end. */
  u64(offset: number): bigint | null {
    return offset >= 0 && offset + 8 <= this.bytes.length ? this.#view.getBigUint64(offset, true) : null;
  }

  /** An unsigned 16-bit integer at `offset`, or `null` past the end. */
  u16(offset: number): number | null {
    return offset >= 0 && offset + 2 <= this.bytes.length ? this.#view.getUint16(offset, true) : null;
  }

  /** A byte at `offset`, or `null` past the end. */
  u8(offset: number): number | null {
    return offset >= 0 && offset < this.bytes.length ? this.bytes[offset]! : null;
  }
}

/** Whether `data` starts with `prefix` (an Anchor discriminator, given as hex). */
export function startsWith(data: Uint8Array | null, prefixHex: string): data is Uint8Array {
  if (!data || data.length < prefixHex.length / 2) return false;
  for (let i = 0; i < prefixHex.length / 2; i++) {
    if (data[i] !== parseInt(prefixHex.slice(i * 2, i * 2 + 2), 16)) return false;
  }
  return true;
}

/** Decodes standard base64, or `null` when it is not base64. */
export function fromBase64(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}
