/**
 * A v1 transaction pays the priority fee its message config sets, an absolute
 * lamport amount: the fee the local chain reports (`meta.fee`,
 * `getFeeForMessage`) is what the chain took from the payer's balance.
 */
import assert from "node:assert/strict";
import { getTransferSolInstruction } from "@solana-program/system";
import { generateKeyPairSigner, getBase64Decoder } from "@solana/kit";
import { createLocalSolana } from "../../../../lib/local/solana/local_solana.ts";
import { readComputeBudget } from "../../../../lib/local/solana/compute_budget.ts";
import { fromKitTransaction } from "../../../../lib/local/solana/transaction_decoding.ts";
import { fundedWallet, signedV1Transaction, wire } from "../../../_support/solana_transactions.ts";
import { rpc } from "../../../_support/local_chain.ts";

Deno.test("a v1 transaction is charged its config's priority fee, and meta.fee says so", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local, { lamports: 1_000_000_000n });
  const receiver = (await generateKeyPairSigner()).address;
  const priorityFeeLamports = 12_345n;
  const transaction = await signedV1Transaction(local, payer, [
    getTransferSolInstruction({ source: payer, destination: receiver, amount: 2_000_000n }),
  ], { computeUnitLimit: 10_000, priorityFeeLamports, loadedAccountsDataSizeLimit: 100_000 });
  const budget = readComputeBudget(fromKitTransaction(transaction).message);
  assert.deepEqual(budget, { unitLimit: 10_000, priorityFeeLamports, unitPrice: 1_234_500n });

  const message = getBase64Decoder().decode(transaction.messageBytes);
  const quoted = await rpc(local, "getFeeForMessage", [message]);
  assert.equal(quoted.result.value, 5_000 + Number(priorityFeeLamports));

  const before = local.svm.getBalance(payer.address)!;
  const sent = await rpc(local, "sendTransaction", [wire(transaction), { encoding: "base64" }]);
  assert.equal(typeof sent.result, "string", JSON.stringify(sent.error));
  const after = local.svm.getBalance(payer.address)!;
  assert.equal(local.svm.getBalance(receiver), 2_000_000n);
  const charged = before - after - 2_000_000n;
  assert.equal(charged, 5_000n + priorityFeeLamports, "the chain took one signature and the config's fee");

  const { result } = await rpc(local, "getTransaction", [sent.result, { maxSupportedTransactionVersion: 1 }]);
  assert.equal(result.meta.err, null);
  assert.equal(BigInt(result.meta.fee), charged, "meta.fee is what the chain took");
  assert.equal(BigInt(result.meta.preBalances[0] - result.meta.postBalances[0]), charged + 2_000_000n);
});
