/**
 * The local EVM chain's throwaway keys and their addresses, made without
 * viem: start-up needs only the addresses (to fund the service's accounts
 * and to name the facilitator's signer), and viem costs an idle service
 * about 14 MB. viem is loaded with the first EVM payment or local USDC call.
 *
 * @module
 */
import { secp256k1 } from "@noble/curves/secp256k1";
import { keccak_256 } from "@noble/hashes/sha3";

/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`;

/** A new random secp256k1 private key, as 0x-prefixed hex (the form viem's accounts take). */
export function generateEvmKey(): Hex {
  return toHex(secp256k1.utils.randomPrivateKey());
}

/** The EIP-55 checksummed address of `key`. */
export function evmAddress(key: Hex): Hex {
  const publicKey = secp256k1.getPublicKey(key.slice(2), false); // 0x04 ‖ x ‖ y
  const address = toHex(keccak_256(publicKey.subarray(1)).subarray(12)).slice(2);
  const hash = toHex(keccak_256(new TextEncoder().encode(address))).slice(2);
  let checksummed = "";
  for (let i = 0; i < address.length; i++) {
    checksummed += parseInt(hash[i]!, 16) >= 8 ? address[i]!.toUpperCase() : address[i];
  }
  return `0x${checksummed}`;
}

/** `bytes` as 0x-prefixed lowercase hex. */
export function toHex(bytes: Uint8Array): Hex {
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
