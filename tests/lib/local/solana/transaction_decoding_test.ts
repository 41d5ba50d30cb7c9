import assert from "node:assert/strict";
import {
  AccountRole,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
} from "@solana/kit";
import type { Transaction } from "@solana/kit";
import { createLocalSolana } from "../../../../lib/local/solana/local_solana.ts";
import { decodeWireTransaction } from "../../../../lib/local/solana/transaction_decoding.ts";
import { RpcError } from "../../../../lib/local/solana/rpc_error.ts";
import { memo, signMessage } from "../../../_support/solana_transactions.ts";

function wireBytes(transaction: Transaction): Uint8Array {
  return Uint8Array.from(atob(getBase64EncodedWireTransaction(transaction)), (c) => c.charCodeAt(0));
}

function base64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

/** A transaction signed by a fee payer and a second signer, and the same with the fee payer's slot empty. */
async function twoSigners() {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await generateKeyPairSigner();
  const cosigner = await generateKeyPairSigner();
  const instruction = {
    ...memo("two signers"),
    accounts: [{ address: cosigner.address, role: AccountRole.READONLY_SIGNER, signer: cosigner }],
  };
  const signed = await signMessage(payer, [instruction], { lifetime: local.chain.latestBlockhash() });
  const bytes = wireBytes(signed);
  const partial = bytes.slice();
  partial.fill(0, 1, 65); // the fee payer signs first
  return { signed: bytes, partial, payer: payer.address, cosigner: cosigner.address };
}

Deno.test("a message decoded before is read again as kit reads it, with the signatures its new bytes carry", async () => {
  const { signed, partial, payer, cosigner } = await twoSigners();
  const seen = decodeWireTransaction(base64(partial), "base64");
  const again = decodeWireTransaction(base64(signed), "base64");
  assert.equal(again.message, seen.message, "the remembered message");
  assert.deepEqual(again.transaction, getTransactionDecoder().decode(signed));
  assert.deepEqual(seen.transaction, getTransactionDecoder().decode(partial));
  const [payerSignature, cosignerSignature] = [
    again.transaction.signatures[payer],
    again.transaction.signatures[cosigner],
  ];
  assert.ok(payerSignature && cosignerSignature);
  assert.equal(seen.transaction.signatures[payer], null, "an all-zero signature is a missing one");
  assert.deepEqual(seen.transaction.signatures[cosigner], cosignerSignature);
  assert.equal(seen.signatures[0], "1".repeat(64));
  assert.equal(again.signature, again.signatures[0]);
  assert.equal(again.messageKey, seen.messageKey);
});

Deno.test("a remembered message under the wrong number of signatures is refused as before", async () => {
  const { signed } = await twoSigners();
  decodeWireTransaction(base64(signed), "base64");
  const fewer = new Uint8Array(signed.length - 64);
  fewer[0] = 1;
  fewer.set(signed.subarray(65), 1); // one signature for a message two must sign
  assert.throws(() => decodeWireTransaction(base64(fewer), "base64"), RpcError);
  const more = new Uint8Array(signed.length + 64);
  more[0] = 3;
  more.set(signed.subarray(1), 65);
  assert.throws(() => decodeWireTransaction(base64(more), "base64"), RpcError);
});
