/**
 * Durable nonces: a transaction whose first instruction advances a nonce
 * account uses the nonce stored there instead of a recent blockhash.
 *
 * @module
 */
import { getBase58Decoder } from "@solana/kit";
import type { Address, MaybeEncodedAccount } from "@solana/kit";
import type { CompiledMessage } from "./transaction_decoding.ts";

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const ADVANCE_NONCE_ACCOUNT = 4;
const NONCE_ACCOUNT_SIZE = 80;
const INITIALIZED = 1;

/**
 * The nonce stored in the account a nonce transaction advances, or
 * `undefined` when the message does not start with `AdvanceNonceAccount` or
 * the account holds no initialized nonce.
 */
export function nonceOf(
  message: CompiledMessage,
  read: (address: Address) => MaybeEncodedAccount,
): string | undefined {
  const first = message.instructions[0];
  if (!first || message.staticAccounts[first.programIdIndex] !== SYSTEM_PROGRAM) return undefined;
  const data = first.data;
  if (
    data.length < 4 ||
    new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true) !== ADVANCE_NONCE_ACCOUNT
  ) {
    return undefined;
  }
  const nonceIndex = first.accounts[0];
  const nonceAddress = nonceIndex === undefined ? undefined : message.staticAccounts[nonceIndex];
  if (!nonceAddress) return undefined;
  const account = read(nonceAddress);
  if (
    !account.exists || account.programAddress !== SYSTEM_PROGRAM || account.data.length !== NONCE_ACCOUNT_SIZE
  ) {
    return undefined;
  }
  const view = new DataView(account.data.buffer, account.data.byteOffset, account.data.byteLength);
  if (view.getUint32(4, true) !== INITIALIZED) return undefined;
  return getBase58Decoder().decode(account.data.subarray(40, 72));
}
