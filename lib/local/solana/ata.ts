/**
 * Associated token account addresses, derived synchronously (the kit helper
 * is async because WebCrypto's digest is; Node's `createHash` is not).
 *
 * @module
 */
import { createHash } from "node:crypto";
import { getAddressDecoder, getAddressEncoder, isOffCurveAddress } from "@solana/kit";
import type { Address } from "@solana/kit";

/** The Associated Token Account program. */
export const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL" as Address;
const PDA_MARKER = new TextEncoder().encode("ProgramDerivedAddress");

/** The associated token account of `owner` for `mint` under `tokenProgram`. */
export function associatedTokenAddress(owner: Address, mint: Address, tokenProgram: Address): Address {
  return derived(owner, mint, tokenProgram).address;
}

/**
 * The bump seed of `owner`'s associated token account for `mint` under
 * `tokenProgram`: 255 when the first one tried is off the curve. Whoever
 * derives the account (a client signing a payment, a facilitator verifying
 * it) makes one more hash and curve check for each bump below 255.
 */
export function associatedTokenBump(owner: Address, mint: Address, tokenProgram: Address): number {
  return derived(owner, mint, tokenProgram).bump;
}

function derived(owner: Address, mint: Address, tokenProgram: Address): { address: Address; bump: number } {
  const encoder = getAddressEncoder();
  const seeds = [owner, tokenProgram, mint].map((key) => new Uint8Array(encoder.encode(key)));
  const program = new Uint8Array(encoder.encode(ASSOCIATED_TOKEN_PROGRAM));
  for (let bump = 255; bump >= 0; bump--) {
    const hash = createHash("sha256");
    for (const seed of seeds) hash.update(seed);
    hash.update(Uint8Array.of(bump)).update(program).update(PDA_MARKER);
    const candidate = getAddressDecoder().decode(new Uint8Array(hash.digest()));
    if (isOffCurveAddress(candidate)) return { address: candidate, bump };
  }
  throw new RangeError(`Cannot derive an associated token account for "${owner}": no bump is off the curve`);
}
