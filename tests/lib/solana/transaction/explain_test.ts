import assert from "node:assert/strict";
import { generateKeyPairSigner, getSignatureFromTransaction } from "@solana/kit";
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from "@solana-program/compute-budget";
import { getCreateAssociatedTokenInstructionAsync } from "@solana-program/token";
import { getTransferCheckedInstruction, TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";
import { NotFoundError } from "../../../../lib/shared/errors.ts";
import { explainTransaction } from "../../../../lib/solana/transaction/explain.ts";
import { LOCAL_USDC_MINT } from "../../../../lib/local/solana/local_solana.ts";
import { createNonTransferableMint } from "./_non_transferable_mint.ts";
import {
  fundedWallet,
  memo,
  signedTransaction,
  signedV1Transaction,
  usdcTransfer,
} from "../../../_support/solana_transactions.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";

const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";

Deno.test("explainTransaction() explains a landed USDC transfer in one round trip and a repeat in none", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const sender = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 5_000_000n });
    const receiver = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 0n });
    const amount = 1_250_000n;
    const signature = await cluster.send(
      await signedTransaction(cluster.local, sender, [usdcTransfer(sender, receiver.address, amount)]),
    );
    const ledger = cluster.local.chain.transaction(signature)!;
    const before = cluster.client.stats.roundTrips;

    const result = await explainTransaction(cluster.client, { signature });
    assert.equal(cluster.client.stats.roundTrips - before, 1);
    assert.equal(result.landedState, "landed_success");
    assert.equal(result.commitment, "finalized");
    assert.equal(result.slot, Number(ledger.slot));
    assert.equal(result.version, 0);
    assert.equal(result.feePayer, sender.address);
    assert.deepEqual(result.signers, [sender.address]);
    assert.deepEqual(result.instructions.map((ix) => [ix.program, ix.name]), [[
      TOKEN_PROGRAM,
      "TransferChecked",
    ]]);
    assert.deepEqual(result.fee, {
      totalLamports: Number(ledger.meta.fee),
      baseLamports: 5000,
      priorityLamports: Number(ledger.meta.fee) - 5000,
      model: "compute_unit_price",
    });
    assert.equal(result.compute?.unitsConsumed, Number(ledger.meta.computeUnitsConsumed));
    assert.equal(result.compute?.limitSource, "default");
    assert.equal(result.compute?.unitLimit, 200_000);
    assert.deepEqual(
      result.balances.tokens.map((t) => [t.owner, t.mint, t.deltaAmount]).sort(),
      [[receiver.address, LOCAL_USDC_MINT, `${amount}`], [sender.address, LOCAL_USDC_MINT, `${-amount}`]]
        .sort(),
    );
    assert.deepEqual(result.balances.sol, [{
      account: sender.address,
      preLamports: 1_000_000_000,
      postLamports: 1_000_000_000 - Number(ledger.meta.fee),
      deltaLamports: -Number(ledger.meta.fee),
    }]);
    assert.equal(result.failureClass, "none");
    assert.equal(result.failure, null);
    assert.equal(result.logs.frames.length, 1);
    assert.equal(result.logs.frames[0]!.status, "success");

    const again = await explainTransaction(cluster.client, { signature });
    assert.equal(
      cluster.client.stats.roundTrips - before,
      1,
      "a finalized explanation is served from the cache",
    );
    assert.deepEqual(again, result);
  } finally {
    await cluster.close();
  }
});

Deno.test("explainTransaction() advises trimming an over-requested compute-unit limit and prices the saving", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const price = 20_000n;
    const signature = await cluster.send(
      await signedTransaction(cluster.local, payer, [
        getSetComputeUnitPriceInstruction({ microLamports: price }),
        memo("x"),
      ]),
    );
    const ledger = cluster.local.chain.transaction(signature)!;
    const result = await explainTransaction(cluster.client, { signature });
    const consumed = Number(ledger.meta.computeUnitsConsumed);
    // One builtin (Compute Budget, 3,000) and one program (Memo, 200,000) without SetComputeUnitLimit.
    assert.equal(result.compute?.unitLimit, 203_000);
    assert.equal(result.compute?.unitPriceMicroLamports, Number(price));
    assert.equal(result.fee?.priorityLamports, Math.ceil((Number(price) * 203_000) / 1e6));
    assert.equal(result.fee?.totalLamports, Number(ledger.meta.fee));
    assert.equal(result.nextAction.action, "none");
    const suggested = Math.ceil((consumed * 110) / 100);
    assert.equal(result.nextAction.computeUnitLimit, suggested);
    assert.equal(
      result.nextAction.priorityFeeLamports,
      Math.ceil((Number(price) * 203_000) / 1e6) - Math.ceil((Number(price) * suggested) / 1e6),
    );
    assert.equal(result.compute?.overRequestRatio, Math.round((203_000 / consumed) * 100) / 100);
  } finally {
    await cluster.close();
  }
});

Deno.test("explainTransaction() attributes an SPL token shortfall to the token program and says how much is missing", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const sender = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 2_000_000n });
    const receiver = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 0n });
    const signature = await cluster.send(
      await signedTransaction(cluster.local, sender, [
        memo("pay"),
        usdcTransfer(sender, receiver.address, 3_500_000n),
      ]),
    );
    const result = await explainTransaction(cluster.client, { signature });
    assert.equal(result.landedState, "landed_failed");
    assert.deepEqual(result.rawError, { InstructionError: [1, { Custom: 1 }] });
    assert.equal(result.failureClass, "insufficient_funds");
    assert.equal(result.retryable, false);
    assert.equal(result.failure?.instructionIndex, 1);
    assert.equal(result.failure?.program, TOKEN_PROGRAM);
    assert.equal(result.failure?.errorName, "InsufficientFunds");
    assert.equal(result.failure?.hex, "0x1");
    assert.equal(result.failure?.source, "table");
    assert.equal(result.nextAction.action, "add_funds");
    assert.equal(result.nextAction.tokenAmountMissing, `${3_500_000n - 2_000_000n}`);
    assert.equal(result.nextAction.mint, LOCAL_USDC_MINT);
    assert.deepEqual(result.balances.tokens, [], "a failed transfer moves no tokens");
  } finally {
    await cluster.close();
  }
});

Deno.test("explainTransaction() classifies a too-low compute-unit limit and asks for a higher one", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const limit = 200;
    const signature = await cluster.send(
      await signedTransaction(cluster.local, payer, [
        getSetComputeUnitLimitInstruction({ units: limit }),
        memo("too long"),
      ]),
    );
    const result = await explainTransaction(cluster.client, { signature });
    assert.equal(result.landedState, "landed_failed");
    assert.equal(result.failureClass, "compute_exceeded");
    assert.equal(result.retryable, true);
    assert.equal(result.compute?.unitLimit, limit);
    assert.equal(result.compute?.limitSource, "instruction");
    assert.equal(result.failure?.instructionIndex, 1);
    assert.equal(result.failure?.program, "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");
    assert.equal(result.nextAction.action, "raise_compute_unit_limit");
    assert.ok(result.nextAction.computeUnitLimit! > limit);
  } finally {
    await cluster.close();
  }
});

Deno.test("explainTransaction() attributes a failure inside a CPI to the inner program, not the outer one", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const funded = 1_000_000n;
    const payer = await fundedWallet(cluster.local, { lamports: funded });
    const owner = await generateKeyPairSigner();
    const create = await getCreateAssociatedTokenInstructionAsync({
      payer,
      owner: owner.address,
      mint: LOCAL_USDC_MINT,
    });
    const signature = await cluster.send(await signedTransaction(cluster.local, payer, [create]));
    const result = await explainTransaction(cluster.client, { signature });

    assert.equal(result.instructions[0]!.program, ASSOCIATED_TOKEN_PROGRAM);
    assert.equal(result.failure?.program, SYSTEM_PROGRAM);
    assert.equal(result.failure?.depth, 2);
    assert.equal(result.failure?.errorName, "ResultWithNegativeLamports");
    assert.equal(result.failureClass, "insufficient_funds");
    const failed = result.logs.frames.filter((frame) => frame.status === "failed");
    assert.deepEqual(failed.map((frame) => frame.program), [ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM]);
    const rent = Number(cluster.local.svm.minimumBalanceForRentExemption(165n));
    const fee = result.fee!.totalLamports;
    assert.equal(result.nextAction.lamportsMissing, rent - (Number(funded) - fee));
    assert.equal(result.nextAction.account, payer.address);
  } finally {
    await cluster.close();
  }
});

Deno.test("explainTransaction() reports a Token-2022 transfer of a non-transferable mint as a token restriction", async () => {
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
      amount: 100n,
      decimals: 2,
    });
    const signature = await cluster.send(await signedTransaction(cluster.local, holder, [transfer]));
    const result = await explainTransaction(cluster.client, { signature });
    assert.equal(result.failure?.program, TOKEN_2022_PROGRAM_ADDRESS);
    assert.equal(result.failure?.code, 37);
    assert.equal(result.failure?.errorName, "NonTransferable");
    assert.equal(result.failureClass, "token_restriction");
    assert.equal(result.retryable, false);
    assert.equal(result.nextAction.action, "do_not_retry");
  } finally {
    await cluster.close();
  }
});

Deno.test("explainTransaction() tells pending from expired for a transaction that never landed", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const { blockhash, lastValidBlockHeight } = cluster.local.chain.latestBlockhash();
    const unsent = await signedTransaction(cluster.local, payer, [memo("never sent")]);
    const signature = getSignatureFromTransaction(unsent);

    await assert.rejects(() => explainTransaction(cluster.client, { signature }), NotFoundError);

    const pending = await explainTransaction(cluster.client, {
      signature,
      lastValidBlockHeight: Number(lastValidBlockHeight),
    });
    assert.equal(pending.landedState, "pending");
    assert.equal(pending.failureClass, "pending");
    assert.equal(pending.nextAction.action, "wait_and_rebroadcast");
    assert.equal(
      pending.nextAction.blocksRemaining,
      Number(lastValidBlockHeight - cluster.local.chain.blockHeight),
    );

    for (let i = 0; i <= 150; i++) {
      await cluster.send(await signedTransaction(cluster.local, payer, [memo(`block ${i}`)]));
    }
    assert.ok(cluster.local.chain.blockHeight > lastValidBlockHeight);
    const before = cluster.client.stats.roundTrips;
    for (
      const hint of [{ lastValidBlockHeight: Number(lastValidBlockHeight) }, { recentBlockhash: blockhash }]
    ) {
      const expired = await explainTransaction(cluster.client, { signature, ...hint });
      assert.equal(expired.landedState, "expired");
      assert.equal(expired.failureClass, "expired_blockhash");
      assert.equal(expired.retryable, true);
      assert.equal(expired.nextAction.action, "rebuild_with_fresh_blockhash");
    }
    assert.ok(
      cluster.client.stats.roundTrips - before <= 4,
      "at most two round trips per missing transaction",
    );
  } finally {
    await cluster.close();
  }
});

Deno.test("explainTransaction() reads a legacy transaction", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const signature = await cluster.send(
      await signedTransaction(cluster.local, payer, [memo("legacy")], { version: "legacy" }),
    );
    const result = await explainTransaction(cluster.client, { signature });
    assert.equal(result.version, "legacy");
    assert.equal(result.landedState, "landed_success");
    assert.deepEqual(result.logs.frames[0]?.logs, ["Program log: Memo (len 6)", "Program log: legacy"]);
  } finally {
    await cluster.close();
  }
});

Deno.test("explainTransaction() reads a v1 transaction's limit and priority fee from its message", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const transaction = await signedV1Transaction(cluster.local, payer, [memo("v1")], {
      computeUnitLimit: 5_000,
      priorityFeeLamports: 777n,
      loadedAccountsDataSizeLimit: 100_000,
    });
    // The local RPC does not land v1 transactions sent through sendTransaction; the runtime does.
    const { signature, err } = cluster.local.execute(transaction);
    assert.equal(err, null);
    const ledger = cluster.local.chain.transaction(signature)!;
    const result = await explainTransaction(cluster.client, { signature });
    assert.equal(result.version, 1);
    assert.equal(result.compute?.unitLimit, 5_000);
    assert.equal(result.compute?.limitSource, "message_config");
    assert.equal(result.compute?.loadedAccountsDataSizeLimit, 100_000);
    assert.equal(result.compute?.unitPriceMicroLamports, 0);
    assert.equal(result.fee?.model, "message_config");
    assert.equal(result.fee?.totalLamports, Number(ledger.meta.fee));
    assert.equal(result.fee?.priorityLamports, Number(ledger.meta.fee) - 5000);
    assert.equal(result.fee?.priorityLamports, 777, "the config's fee, as the chain charged it");
  } finally {
    await cluster.close();
  }
});
