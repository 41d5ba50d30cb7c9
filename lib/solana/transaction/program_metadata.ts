/**
 * Reads an IDL stored with the Program Metadata program (where Anchor 1.x
 * and other toolchains publish IDLs): the canonical metadata account of a
 * program for the seed `idl`, written by its upgrade authority, holding the
 * IDL directly in the account (compressed and encoded as its header says).
 * IDLs the account only points to (a URL or another account) are not read.
 *
 * @module
 */
import { getAddressEncoder, getBase64Encoder, getProgramDerivedAddress, getUtf8Decoder } from "@solana/kit";
import type { Address } from "@solana/kit";

/** The Program Metadata program's address. */
export const PROGRAM_METADATA_PROGRAM = "ProgM6JCCvbYkfKqJYHePx4xxSUSqJp7rh8Lyv7nk7S";

/** Seeds are fixed 16-byte UTF-8 strings, padded with zeroes. */
const SEED_BYTES = 16;
/** discriminator 1, program 32, authority 32, mutable 1, canonical 1, seed 16, encoding, compression, format, data source 1 each, data length 4 + 5 padding. */
const HEADER_BYTES = 96;
const METADATA_DISCRIMINATOR = 2;
const DIRECT_SOURCE = 0;
const JSON_FORMAT = 1;

/**
 * The address of `program`'s canonical metadata account for `seed` (`idl` by default).
 *
 * @example
 * ```ts
 * await programMetadataAddress("JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4");
 * ```
 */
export async function programMetadataAddress(program: string, seed = "idl"): Promise<Address> {
  const seedBytes = new Uint8Array(SEED_BYTES);
  seedBytes.set(new TextEncoder().encode(seed).subarray(0, SEED_BYTES));
  const [address] = await getProgramDerivedAddress({
    programAddress: PROGRAM_METADATA_PROGRAM as Address,
    seeds: [getAddressEncoder().encode(program as Address), seedBytes],
  });
  return address;
}

/**
 * The JSON text held directly in a Program Metadata account, or `null` when the
 * bytes are not such an account or hold something else (a URL, a pointer,
 * YAML or TOML).
 *
 * @param maxBytes Largest uncompressed text accepted.
 */
export async function programMetadataJson(bytes: Uint8Array, maxBytes: number): Promise<string | null> {
  if (bytes.length < HEADER_BYTES || bytes[0] !== METADATA_DISCRIMINATOR) return null;
  const [encoding, compression, format, source] = bytes.subarray(83, 87);
  if (format !== JSON_FORMAT || source !== DIRECT_SOURCE) return null;
  const length = new DataView(bytes.buffer, bytes.byteOffset + 87, 4).getUint32(0, true);
  if (HEADER_BYTES + length > bytes.length) return null;
  let data = bytes.subarray(HEADER_BYTES, HEADER_BYTES + length);
  try {
    if (compression === 1) data = await inflate(data, "gzip", maxBytes);
    else if (compression === 2) data = await inflate(data, "deflate", maxBytes);
    else if (compression !== 0) return null;
    if (encoding === 1) return getUtf8Decoder().decode(data);
    if (encoding === 3) {
      return getUtf8Decoder().decode(getBase64Encoder().encode(getUtf8Decoder().decode(data)));
    }
    return null;
  } catch {
    return null;
  }
}

/** Inflates `bytes`, refusing output larger than `maxBytes`. */
export async function inflate(
  bytes: Uint8Array,
  format: CompressionFormat,
  maxBytes: number,
): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new DecompressionStream(format),
  );
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw new RangeError(`Data larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}
