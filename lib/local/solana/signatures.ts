/**
 * Synchronous ed25519 verification of a transaction's signatures (Node's
 * crypto verifies without a promise, so the chain stays synchronous).
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { createPublicKey, verify } from "node:crypto";
import { getBase58Encoder } from "@solana/kit";
import type { WireTransaction } from "./transaction_decoding.ts";

const ED25519_SPKI_PREFIX = Uint8Array.of(
  0x30,
  0x2a,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x03,
  0x21,
  0x00,
);

/** Whether every required signature is present and signs the message with its signer's key. */
export function verifyTransactionSignatures(wire: WireTransaction): boolean {
  const message = new Uint8Array(wire.transaction.messageBytes);
  const base58 = getBase58Encoder();
  return wire.signatures.every((signature, index) => {
    const signer = wire.message.staticAccounts[index];
    if (!signer) return false;
    const key = createPublicKey({
      key: Buffer.from([...ED25519_SPKI_PREFIX, ...base58.encode(signer)]),
      format: "der",
      type: "spki",
    });
    return verify(null, message, key, new Uint8Array(base58.encode(signature)));
  });
}
