import assert from "node:assert/strict";
import { generateKeyPairSigner, getBase58Decoder, getTransactionEncoder } from "@solana/kit";
import { getSetComputeUnitLimitInstruction } from "@solana-program/compute-budget";
import { getCreateAssociatedTokenInstructionAsync } from "@solana-program/token";
import { getTransferCheckedInstruction, TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";
import { simulateTransaction } from "../../../../lib/solana/transaction/simulate.ts";
import { LOCAL_USDC_MINT } from "../../../../lib/local/solana/local_solana.ts";
import { createNonTransferableMint } from "./_non_transferable_mint.ts";
import {
  fundedWallet,
  memo,
  signedTransaction,
  signedV1Transaction,
  usdcTransfer,
  wire,
} from "../../../_support/solana_transactions.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const MEMO_PROGRAM = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";

Deno.test("simulateTransaction() runs an unsent transfer with a placeholder blockhash and returns the limit to set", async () => {
  const cluster = await startLocalChain();
  try {
    const sender = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 5_000_000n });
    const receiver = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 0n });
    // Never a valid blockhash: the simulation must replace it.
    const transaction = await signedTransaction(cluster.local, sender, [
      usdcTransfer(sender, receiver.address, 700n),
    ], {
      blockhash: "11111111111111111111111111111111",
    });
    const balanceBefore = cluster.local.svm.getBalance(sender.address);

    const result = await simulateTransaction(cluster.client, {
      transaction: wire(transaction),
      encoding: "base64",
    });
    assert.equal(result.success, true);
    assert.equal(result.failureClass, "none");
    assert.deepEqual(result.replacementBlockhash, {
      blockhash: cluster.local.chain.latestBlockhash().blockhash,
      lastValidBlockHeight: Number(cluster.local.chain.latestBlockhash().lastValidBlockHeight),
    });
    assert.equal(result.balancesSource, "simulation");
    assert.deepEqual(
      result.balances.tokens.map((t) => [t.owner, t.mint, t.deltaAmount]).sort(),
      [[receiver.address, LOCAL_USDC_MINT, "700"], [sender.address, LOCAL_USDC_MINT, "-700"]].sort(),
    );
    const consumed = result.compute!.unitsConsumed!;
    assert.ok(consumed > 0);
    assert.equal(result.nextAction.action, "none");
    assert.equal(result.nextAction.computeUnitLimit, Math.ceil((consumed * 110) / 100));
    assert.equal(typeof result.nextAction.microLamportsPerComputeUnit, "number");
    assert.equal(cluster.local.svm.getBalance(sender.address), balanceBefore, "a simulation commits nothing");
  } finally {
    await cluster.close();
  }
});

Deno.test("simulateTransaction() accepts base58 and classifies a token shortfall before sending", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const sender = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 1_000n });
    const receiver = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 0n });
    const transaction = await signedTransaction(cluster.local, sender, [
      usdcTransfer(sender, receiver.address, 5_000n),
    ]);
    const base58 = getBase58Decoder().decode(getTransactionEncoder().encode(transaction));
    const result = await simulateTransaction(cluster.client, { transaction: base58, encoding: "base58" });
    assert.equal(result.success, false);
    assert.equal(result.failureClass, "insufficient_funds");
    assert.equal(result.failure?.program, TOKEN_PROGRAM);
    assert.equal(result.failure?.errorName, "InsufficientFunds");
    assert.equal(result.nextAction.tokenAmountMissing, "4000");
  } finally {
    await cluster.close();
  }
});

Deno.test("simulateTransaction() measures what a transaction that ran out of compute units really needs", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const instructions = (
      units: number,
    ) => [getSetComputeUnitLimitInstruction({ units }), memo("measure me")];
    const tooLow = await signedTransaction(cluster.local, payer, instructions(200));
    const roomy = await signedTransaction(cluster.local, payer, instructions(1_400_000));
    const needed =
      (await simulateTransaction(cluster.client, { transaction: wire(roomy), encoding: "base64" }))
        .compute!.unitsConsumed!;

    const result = await simulateTransaction(cluster.client, {
      transaction: wire(tooLow),
      encoding: "base64",
    });
    assert.equal(result.failureClass, "compute_exceeded");
    assert.equal(result.failure?.program, MEMO_PROGRAM);
    assert.equal(result.nextAction.action, "raise_compute_unit_limit");
    assert.equal(result.nextAction.computeUnitLimit, Math.ceil((needed * 110) / 100));
  } finally {
    await cluster.close();
  }
});

Deno.test("simulateTransaction() attributes a failing CPI to the inner program before sending", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local, { lamports: 1_000_000n });
    const owner = await generateKeyPairSigner();
    const create = await getCreateAssociatedTokenInstructionAsync({
      payer,
      owner: owner.address,
      mint: LOCAL_USDC_MINT,
    });
    const transaction = await signedTransaction(cluster.local, payer, [create]);
    const result = await simulateTransaction(cluster.client, {
      transaction: wire(transaction),
      encoding: "base64",
    });
    assert.equal(result.failure?.program, SYSTEM_PROGRAM);
    assert.equal(result.failure?.depth, 2);
    assert.equal(result.failureClass, "insufficient_funds");
    assert.equal(result.nextAction.account, payer.address);
    const rent = Number(cluster.local.svm.minimumBalanceForRentExemption(165n));
    assert.equal(result.nextAction.lamportsMissing, rent - (1_000_000 - result.fee!.totalLamports));
  } finally {
    await cluster.close();
  }
});

Deno.test("simulateTransaction() reports a Token-2022 mint restriction before sending", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const holder = await fundedWallet(cluster.local);
    const other = await generateKeyPairSigner();
    const mint = await createNonTransferableMint(cluster, holder, other.address, 500n);
    const transfer = getTransferCheckedInstruction({
      source: mint.holder,
      mint: mint.mint,
      destination: mint.recipient,
      authority: holder,
      amount: 1n,
      decimals: 2,
    });
    const transaction = await signedTransaction(cluster.local, holder, [transfer]);
    const result = await simulateTransaction(cluster.client, {
      transaction: wire(transaction),
      encoding: "base64",
      accountAddresses: [mint.holder, mint.recipient],
    });
    assert.equal(result.failure?.program, TOKEN_2022_PROGRAM_ADDRESS);
    assert.equal(result.failure?.errorName, "NonTransferable");
    assert.equal(result.failureClass, "token_restriction");
    assert.equal(result.nextAction.action, "do_not_retry");
    assert.deepEqual(result.balances.tokens, []);
  } finally {
    await cluster.close();
  }
});

Deno.test("simulateTransaction() decodes a transaction's instructions and names the built-in ones", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 10n });
    const receiver = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 0n });
    const transaction = await signedTransaction(cluster.local, payer, [
      getSetComputeUnitLimitInstruction({ units: 50_000 }),
      memo("hello"),
      usdcTransfer(payer, receiver.address, 1n),
    ], { version: "legacy" });
    const result = await simulateTransaction(cluster.client, {
      transaction: wire(transaction),
      encoding: "base64",
    });
    assert.equal(result.version, "legacy");
    assert.deepEqual(result.instructions.map((ix) => ix.name), [
      "SetComputeUnitLimit",
      "Memo",
      "TransferChecked",
    ]);
    assert.equal(result.compute?.unitLimit, 50_000);
    assert.equal(result.logs.frames.length, 3);
    assert.deepEqual(result.logs.frames.map((frame) => frame.instructionIndex), [0, 1, 2]);
  } finally {
    await cluster.close();
  }
});

Deno.test("simulateTransaction() reads a v1 transaction's resource settings from its message", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const transaction = await signedV1Transaction(cluster.local, payer, [memo("v1")], {
      computeUnitLimit: 4_000,
      priorityFeeLamports: 1_234n,
      loadedAccountsDataSizeLimit: 50_000,
    });
    const result = await simulateTransaction(cluster.client, {
      transaction: wire(transaction),
      encoding: "base64",
    });
    assert.equal(result.success, true);
    assert.equal(result.version, 1);
    assert.equal(result.compute?.unitLimit, 4_000);
    assert.equal(result.compute?.limitSource, "message_config");
    assert.equal(result.fee?.model, "message_config");
    assert.equal(result.fee?.baseLamports, 5000);
    assert.equal(result.fee?.priorityLamports, result.fee!.totalLamports - 5000);
  } finally {
    await cluster.close();
  }
});
