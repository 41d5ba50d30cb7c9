/**
 * Addresses to and from their 32 bytes, remembered. kit converts base58 with
 * BigInt arithmetic (35 µs for one address to bytes, 10 µs back, here), and
 * the local chain converts the same few addresses again and again: every
 * account read of a payment (the token program, the mint, the fee payer, the
 * two token accounts) names one and returns its owner's. The LiteSVM call
 * itself takes under 2 µs.
 *
 * @module
 */
import { getAddressDecoder, getAddressEncoder } from "@solana/kit";
import type { Address } from "@solana/kit";
import { LruCache } from "../../shared/lru.ts";

/** Addresses remembered each way: far more than the accounts one block of payments touches. */
const CAPACITY = 4096;

const bytesByAddress = new LruCache<string, Uint8Array>(CAPACITY);
const addressByKey = new LruCache<string, Address>(CAPACITY);

/**
 * The 32 bytes of `address` (validated as kit validates it). The array is
 * shared between callers: read it, never write to it.
 *
 * @throws {SolanaError} when `address` is not a base58 address of 32 bytes
 */
export function addressBytes(address: Address | string): Uint8Array {
  let bytes = bytesByAddress.get(address);
  if (bytes === undefined) {
    bytes = new Uint8Array(getAddressEncoder().encode(address as Address));
    bytesByAddress.set(address, bytes);
  }
  return bytes;
}

/** The address whose bytes are `bytes` (32 of them). */
export function addressOf(bytes: Uint8Array): Address {
  const key = byteKey(bytes);
  let address = addressByKey.get(key);
  if (address === undefined) {
    address = getAddressDecoder().decode(bytes);
    addressByKey.set(key, address);
  }
  return address;
}

/** A string with one character per byte: a cheap exact key for a short byte array. */
function byteKey(bytes: Uint8Array): string {
  let key = "";
  for (let i = 0; i < bytes.length; i++) key += String.fromCharCode(bytes[i]!);
  return key;
}
