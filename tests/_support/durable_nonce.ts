/**
 * Durable nonces on the local chain: a nonce account created and initialized
 * by a real transaction, the nonce it stores read back from the chain, and a
 * message that lives on that nonce (AdvanceNonceAccount first).
 *
 * @module
 */
import assert from "node:assert/strict";
import {
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  type Instruction,
  type KeyPairSigner,
  type Nonce,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingDurableNonce,
  signTransactionMessageWithSigners,
  type Transaction,
} from "@solana/kit";
import {
  getCreateAccountInstruction,
  getInitializeNonceAccountInstruction,
  SYSTEM_PROGRAM_ADDRESS,
} from "@solana-program/system";
import type { LocalSolana } from "../../lib/local/solana/local_solana.ts";
import { signedTransaction } from "./solana_transactions.ts";

/** A nonce account: its address and the nonce it stores now. */
export interface NonceAccount {
  address: Address;
  stored(): string;
}

/** Creates and initializes a nonce account whose authority (and rent payer) is `authority`. */
export async function createNonceAccount(
  local: LocalSolana,
  authority: KeyPairSigner,
): Promise<NonceAccount> {
  const nonce = await generateKeyPairSigner();
  const space = 80n;
  const create = await signedTransaction(local, authority, [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: nonce,
      lamports: local.svm.minimumBalanceForRentExemption(space),
      space,
      programAddress: SYSTEM_PROGRAM_ADDRESS,
    }),
    getInitializeNonceAccountInstruction({ nonceAccount: nonce.address, nonceAuthority: authority.address }),
  ]);
  assert.equal(local.execute(create).err, null);
  return {
    address: nonce.address,
    stored() {
      const account = local.svm.getAccount(nonce.address);
      assert.ok(account.exists);
      return getBase58Decoder().decode(account.data.subarray(40, 72));
    },
  };
}

/** `instructions` signed by `payer`, the nonce authority, on the nonce `nonce` stores now. */
export async function signedOnNonce(
  payer: KeyPairSigner,
  nonce: NonceAccount,
  instructions: Instruction[],
  version: 0 | "legacy" = 0,
): Promise<Transaction> {
  return await pipe(
    createTransactionMessage({ version }),
    (message) => setTransactionMessageFeePayerSigner(payer, message),
    (message) =>
      setTransactionMessageLifetimeUsingDurableNonce({
        nonce: nonce.stored() as Nonce,
        nonceAccountAddress: nonce.address,
        nonceAuthorityAddress: payer.address,
      }, message),
    (message) => appendTransactionMessageInstructions(instructions, message),
    (message) => signTransactionMessageWithSigners(message),
  );
}
