import assert from "node:assert/strict";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Encoder,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { createLocalSolana } from "../../../../lib/local/solana/local_solana.ts";
import {
  fundedWallet,
  memo,
  plantLookupTable,
  signedTransaction,
  wire,
} from "../../../_support/solana_transactions.ts";
import { rpc } from "../../../_support/local_chain.ts";

Deno.test("sendTransaction() takes base58 by default and refuses malformed input with -32602", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local);
  const transaction = await signedTransaction(local, payer, [memo("base58")]);
  const text = getBase58Decoder().decode(getBase64Encoder().encode(wire(transaction)));
  assert.equal(
    (await rpc(local, "sendTransaction", [text])).result,
    getSignatureFromTransaction(transaction),
  );
  assert.equal(local.chain.transactionCount, 1);

  assert.match(
    (await rpc(local, "sendTransaction", ["AAAA", { encoding: "base64" }])).error?.message ?? "",
    /^failed to deserialize/,
  );
  assert.deepEqual((await rpc(local, "sendTransaction", ["!!", { encoding: "base64" }])).error, {
    code: -32602,
    message: "invalid base64 encoding: InvalidByte",
  });
  assert.deepEqual((await rpc(local, "sendTransaction", ["x", { encoding: "json" }])).error, {
    code: -32602,
    message: "unsupported encoding: json. Supported encodings: base58, base64",
  });
  assert.deepEqual((await rpc(local, "sendTransaction", [])).error, {
    code: -32602,
    message: "`params` should have at least 1 argument(s)",
  });
  const huge = "A".repeat(1648);
  assert.match(
    (await rpc(local, "sendTransaction", [huge, { encoding: "base64" }])).error?.message ?? "",
    /too large/,
  );
});

Deno.test("v0 transactions load lookup-table addresses into balances and loadedAddresses, and a missing table is an invalid transaction", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local);
  const recipient = (await generateKeyPairSigner()).address;
  const table = (await generateKeyPairSigner()).address;
  plantLookupTable(local, table, [recipient]);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(local.chain.latestBlockhash() as never, m),
    (m) =>
      appendTransactionMessageInstructions([
        getTransferSolInstruction({ source: payer, destination: recipient, amount: 3_000_000n }),
      ], m),
    (m) => compressTransactionMessageUsingAddressLookupTables(m, { [table]: [recipient] }),
  );
  const transaction = await signTransactionMessageWithSigners(message);
  const signature = (await rpc(local, "sendTransaction", [wire(transaction), { encoding: "base64" }])).result;
  const { result } = await rpc(local, "getTransaction", [signature, { maxSupportedTransactionVersion: 0 }]);
  assert.deepEqual(result.meta.loadedAddresses, { readonly: [], writable: [recipient] });
  assert.deepEqual(result.transaction.message.addressTableLookups, [
    { accountKey: table, readonlyIndexes: [], writableIndexes: [0] },
  ]);
  const keyCount = result.transaction.message.accountKeys.length + 1;
  assert.equal(result.meta.postBalances.length, keyCount);
  assert.equal(result.meta.postBalances[keyCount - 1], 3_000_000);
  assert.equal(result.meta.preBalances[keyCount - 1], 0);

  const missing = await signTransactionMessageWithSigners(
    compressTransactionMessageUsingAddressLookupTables(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(local.chain.latestBlockhash() as never, m),
        (m) =>
          appendTransactionMessageInstructions([
            getTransferSolInstruction({ source: payer, destination: recipient, amount: 1n }),
          ], m),
      ),
      { [(await generateKeyPairSigner()).address]: [recipient] },
    ),
  );
  assert.deepEqual((await rpc(local, "sendTransaction", [wire(missing), { encoding: "base64" }])).error, {
    code: -32602,
    message: "invalid transaction: Transaction loads an address table account that doesn't exist",
  });
});
