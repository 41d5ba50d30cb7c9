import assert from "node:assert/strict";
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import { generateKeyPairSigner, getSignatureFromTransaction } from "@solana/kit";
import { createLocalSolana, LOCAL_USDC_MINT } from "../../../../lib/local/solana/local_solana.ts";
import { TOKEN_PROGRAM } from "../../../../lib/local/solana/token_accounts.ts";
import { usdcAccountOf } from "../../../../lib/local/solana/usdc.ts";
import {
  fundedWallet,
  memo,
  signedTransaction,
  usdcTransfer,
  wire,
} from "../../../_support/solana_transactions.ts";
import { createNonceAccount, signedOnNonce } from "../../../_support/durable_nonce.ts";
import { rpc } from "../../../_support/local_chain.ts";

Deno.test("sendTransaction() lands a USDC TransferChecked with matching balances and token balances in getTransaction", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const buyer = await fundedWallet(local, { lamports: 1_000_000_000n, usdc: 5_000_000n });
  const seller = await fundedWallet(local, { usdc: 0n });
  const slotBefore = local.chain.slot;
  const transaction = await signedTransaction(local, buyer, [
    getSetComputeUnitLimitInstruction({ units: 20_000 }),
    getSetComputeUnitPriceInstruction({ microLamports: 1_000_000n }),
    usdcTransfer(buyer, seller.address, 1_250_000n),
  ]);
  const sent = await rpc(local, "sendTransaction", [wire(transaction), { encoding: "base64" }]);
  assert.equal(sent.error, undefined);
  const signature = sent.result as string;

  assert.equal(local.usdcBalance(buyer.address), 3_750_000n);
  assert.equal(local.usdcBalance(seller.address), 1_250_000n);
  assert.equal(local.chain.slot, slotBefore + 1n);

  const { result } = await rpc(local, "getTransaction", [signature, {
    encoding: "json",
    maxSupportedTransactionVersion: 0,
  }]);
  assert.equal(result.slot, Number(slotBefore) + 1);
  assert.equal(result.version, 0);
  assert.equal(typeof result.blockTime, "number");
  const keys: string[] = result.transaction.message.accountKeys;
  const buyerIndex = keys.indexOf(buyer.address);
  const sourceIndex = keys.indexOf(usdcAccountOf(buyer.address));
  const destinationIndex = keys.indexOf(usdcAccountOf(seller.address));
  const { meta } = result;
  assert.equal(meta.err, null);
  assert.deepEqual(meta.status, { Ok: null });
  // 5,000 per signature plus ceil(1,000,000 µL × 20,000 CU / 1e6) = 20,000.
  assert.equal(meta.fee, 25_000);
  assert.equal(meta.preBalances[buyerIndex] - meta.postBalances[buyerIndex], 25_000);
  assert.equal(meta.preBalances.length, keys.length);
  assert.deepEqual(meta.loadedAddresses, { readonly: [], writable: [] });
  assert.deepEqual(meta.rewards, []);
  assert.ok(meta.computeUnitsConsumed > 0);
  assert.equal(meta.logMessages.at(-1), `Program ${TOKEN_PROGRAM} success`);
  const tokenBalance = (accountIndex: number, amount: string, uiAmount: number, uiAmountString: string) => ({
    accountIndex,
    mint: LOCAL_USDC_MINT,
    owner: accountIndex === sourceIndex ? buyer.address : seller.address,
    programId: TOKEN_PROGRAM,
    uiTokenAmount: { amount, decimals: 6, uiAmount, uiAmountString },
  });
  const byIndex = (a: { accountIndex: number }, b: { accountIndex: number }) =>
    a.accountIndex - b.accountIndex;
  assert.deepEqual(
    [...meta.preTokenBalances].sort(byIndex),
    [tokenBalance(sourceIndex, "5000000", 5, "5"), tokenBalance(destinationIndex, "0", null as never, "0")]
      .sort(byIndex),
  );
  assert.deepEqual(
    [...meta.postTokenBalances].sort(byIndex),
    [
      tokenBalance(sourceIndex, "3750000", 3.75, "3.75"),
      tokenBalance(destinationIndex, "1250000", 1.25, "1.25"),
    ].sort(
      byIndex,
    ),
  );
});

Deno.test("a failed SPL transfer lands with {InstructionError:[i,{Custom:1}]}, its logs and the fee charged", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const buyer = await fundedWallet(local, { lamports: 1_000_000_000n, usdc: 1_000n });
  const seller = await fundedWallet(local, { usdc: 0n });
  const transaction = await signedTransaction(local, buyer, [
    memo("pay"),
    usdcTransfer(buyer, seller.address, 2_000n),
  ]);
  const sent = await rpc(local, "sendTransaction", [wire(transaction), {
    encoding: "base64",
    skipPreflight: true,
  }]);
  const signature = sent.result as string;
  const expectedErr = { InstructionError: [1, { Custom: 1 }] };

  const statuses = await rpc(local, "getSignatureStatuses", [[signature]]);
  assert.deepEqual(statuses.result.value[0], {
    confirmationStatus: "finalized",
    confirmations: null,
    err: expectedErr,
    slot: Number(local.chain.slot),
    status: { Err: expectedErr },
  });
  const { result } = await rpc(local, "getTransaction", [signature, { maxSupportedTransactionVersion: 0 }]);
  assert.deepEqual(result.meta.err, expectedErr);
  assert.deepEqual(result.meta.status, { Err: expectedErr });
  assert.ok(result.meta.logMessages.includes("Program log: Error: insufficient funds"));
  assert.ok(
    result.meta.logMessages.some((line: string) => /failed: custom program error: 0x1$/.test(line)),
    "the runtime's failure line is kept",
  );
  assert.equal(result.meta.preBalances[0] - result.meta.postBalances[0], result.meta.fee);
  assert.equal(local.usdcBalance(buyer.address), 1_000n, "the transfer itself was rolled back");
});

Deno.test("transactions over their compute-unit limit land with the runtime's errors and logs", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const buyer = await fundedWallet(local, { lamports: 1_000_000_000n, usdc: 1_000n });
  const seller = await fundedWallet(local, { usdc: 0n });
  // The compute-budget instruction itself costs 150 CU: a limit of 100 stops it.
  const starved = local.execute(
    await signedTransaction(local, buyer, [getSetComputeUnitLimitInstruction({ units: 100 }), memo("x")]),
  );
  assert.deepEqual(starved.err, { InstructionError: [0, "ComputationalBudgetExceeded"] });
  const starvedTx = await rpc(local, "getTransaction", [starved.signature, {
    maxSupportedTransactionVersion: 0,
  }]);
  assert.deepEqual(starvedTx.result.meta.err, { InstructionError: [0, "ComputationalBudgetExceeded"] });
  assert.equal(starvedTx.result.meta.computeUnitsConsumed, 100);
  assert.ok(starvedTx.result.meta.logMessages.at(-1).endsWith("failed: Computational budget exceeded"));

  // A program that runs out of its meter fails to complete.
  const exhausted = local.execute(
    await signedTransaction(local, buyer, [
      getSetComputeUnitLimitInstruction({ units: 200 }),
      usdcTransfer(buyer, seller.address, 10n),
    ]),
  );
  assert.deepEqual(exhausted.err, { InstructionError: [1, "ProgramFailedToComplete"] });
  const exhaustedTx = await rpc(local, "getTransaction", [exhausted.signature, {
    maxSupportedTransactionVersion: 0,
  }]);
  assert.equal(
    exhaustedTx.result.meta.logMessages.at(-1),
    `Program ${TOKEN_PROGRAM} failed: exceeded CUs meter at BPF instruction`,
  );
  assert.equal(exhaustedTx.result.meta.computeUnitsConsumed, 200);
});

Deno.test("the same signed transaction is refused the second time and executes once", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local);
  const recipient = await generateKeyPairSigner();
  const transaction = await signedTransaction(local, payer, [
    getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_000_000n }),
  ]);
  const first = await rpc(local, "sendTransaction", [wire(transaction), { encoding: "base64" }]);
  assert.equal(typeof first.result, "string");
  const slot = local.chain.slot;

  const again = await rpc(local, "sendTransaction", [wire(transaction), { encoding: "base64" }]);
  assert.equal(again.error?.code, -32002);
  assert.equal(
    again.error?.message,
    "Transaction simulation failed: This transaction has already been processed",
  );
  assert.equal((again.error?.data as { err: unknown }).err, "AlreadyProcessed");

  const skipped = await rpc(local, "sendTransaction", [wire(transaction), {
    encoding: "base64",
    skipPreflight: true,
  }]);
  assert.equal(skipped.result, first.result, "a validator still answers with the signature");
  assert.equal(local.chain.slot, slot, "no new block");
  assert.equal(local.svm.getBalance(recipient.address), 1_000_000n);
  assert.deepEqual(local.execute(transaction).err, "AlreadyProcessed");
});

Deno.test("a blockhash stays valid for 150 blocks while other transactions land, then expires", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local, { lamports: 10_000_000_000n });
  const { blockhash, lastValidBlockHeight } = local.chain.latestBlockhash();
  const held = await signedTransaction(local, payer, [memo("held")], { blockhash });
  const late = await signedTransaction(local, payer, [memo("late")], { blockhash });
  for (let i = 0; i < 150; i++) {
    assert.equal(local.execute(await signedTransaction(local, payer, [memo(`filler ${i}`)])).err, null);
  }
  assert.equal(local.chain.blockHeight, lastValidBlockHeight);
  assert.equal((await rpc(local, "isBlockhashValid", [blockhash])).result.value, true);
  assert.equal(
    local.execute(held).err,
    null,
    "still accepted until the block height passes lastValidBlockHeight",
  );

  assert.equal((await rpc(local, "isBlockhashValid", [blockhash])).result.value, false);
  const expired = await rpc(local, "sendTransaction", [wire(late), { encoding: "base64" }]);
  assert.equal(expired.error?.code, -32002);
  assert.equal(expired.error?.message, "Transaction simulation failed: Blockhash not found");
  assert.equal(local.execute(late).err, "BlockhashNotFound");
});

Deno.test("sendTransaction() answers -32003 for a bad signature and -32002 with data for an unfunded payer", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local);
  const transaction = await signedTransaction(local, payer, [memo("x")]);
  const tampered = { ...transaction, signatures: { [payer.address]: new Uint8Array(64).fill(7) } };
  const bad = await rpc(local, "sendTransaction", [wire(tampered as typeof transaction), {
    encoding: "base64",
  }]);
  assert.deepEqual(bad.error, { code: -32003, message: "Transaction signature verification failure" });

  const pauper = await generateKeyPairSigner();
  const unfunded = await signedTransaction(local, pauper, [memo("y")]);
  const reply = await rpc(local, "sendTransaction", [wire(unfunded), { encoding: "base64" }]);
  assert.equal(reply.error?.code, -32002);
  assert.equal(
    reply.error?.message,
    "Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.",
  );
  const data = reply.error?.data as Record<string, unknown>;
  assert.equal(data.err, "AccountNotFound");
  assert.deepEqual(data.logs, []);
  assert.equal(data.accounts, null);
  assert.equal(local.chain.transactionCount, 0, "nothing was recorded");
});

Deno.test("a durable-nonce transaction lands on its nonce, advances it, and cannot land twice", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local, { lamports: 10_000_000_000n });
  const nonce = await createNonceAccount(local, payer);
  const storedNonce = () => nonce.stored();
  const value = storedNonce();
  assert.equal(local.chain.isBlockhashValid(value), false, "a nonce is not a recent blockhash");

  const durable = await signedOnNonce(payer, nonce, [memo("durable")]);
  const sent = await rpc(local, "sendTransaction", [wire(durable), { encoding: "base64" }]);
  assert.equal(sent.result, getSignatureFromTransaction(durable));
  assert.notEqual(storedNonce(), value, "the nonce advanced");
  const again = await rpc(local, "sendTransaction", [wire(durable), { encoding: "base64" }]);
  assert.equal(again.error?.message, "Transaction simulation failed: Blockhash not found");
});
