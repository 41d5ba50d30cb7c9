/**
 * Test helper: the bytes of a Metaplex Token Metadata account, written field
 * by field from the program's published Borsh layout.
 *
 * @module
 */
import assert from "node:assert/strict";
import {
  getAddressEncoder,
  getBooleanEncoder,
  getU16Encoder,
  getU32Encoder,
  getU8Encoder,
  getUtf8Encoder,
} from "@solana/kit";
import type { Address } from "@solana/kit";

/** Borsh layout of a Metaplex `Metadata` account, written field by field, with the program's fixed padding. */
export function metaplexAccountData(fields: {
  updateAuthority: Address;
  mint: Address;
  name: string;
  symbol: string;
  uri: string;
  isMutable: boolean;
  creators?: Array<{ address: Address; verified: boolean; share: number }>;
}): Uint8Array {
  const parts: Uint8Array[] = [];
  const put = (bytes: ArrayLike<number>) => parts.push(Uint8Array.from(bytes));
  const text = (value: string, padTo: number) => {
    const bytes = getUtf8Encoder().encode(value.padEnd(padTo, "\0"));
    put(getU32Encoder().encode(bytes.length));
    put(bytes);
  };
  put([4]); // Key::MetadataV1
  put(getAddressEncoder().encode(fields.updateAuthority));
  put(getAddressEncoder().encode(fields.mint));
  text(fields.name, 32);
  text(fields.symbol, 10);
  text(fields.uri, 200);
  put(getU16Encoder().encode(500)); // seller fee basis points
  if (fields.creators) {
    put([1]);
    put(getU32Encoder().encode(fields.creators.length));
    for (const creator of fields.creators) {
      put(getAddressEncoder().encode(creator.address));
      put(getBooleanEncoder().encode(creator.verified));
      put(getU8Encoder().encode(creator.share));
    }
  } else {
    put([0]);
  }
  put([0]); // primary sale happened
  put(getBooleanEncoder().encode(fields.isMutable));
  put([1, 255, 1, 0, 0, 0, 0, 0]); // edition nonce Some(255), token standard Some(Fungible), no collection/uses/details/config
  const size = parts.reduce((n, p) => n + p.length, 0);
  const data = new Uint8Array(679); // the program allocates the maximum size and zero-fills the rest
  let offset = 0;
  for (const part of parts) {
    data.set(part, offset);
    offset += part.length;
  }
  assert.ok(size <= data.length);
  return data;
}
