/**
 * Repairs of landed failures (explain with `repair`): rebuilt from the landed
 * message against the current state, signed by the test's wallet and landed;
 * the plain explanation of the same failure still takes one RPC round trip.
 */
import assert from "node:assert/strict";
import { type Address, generateKeyPairSigner } from "@solana/kit";
import { getSetComputeUnitLimitInstruction } from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import { explainTransaction } from "../../../../lib/solana/transaction/explain.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";
import { loadCorpus, replayCorpus } from "./_corpus.ts";
import { landRepair } from "./_land_repair.ts";
import {
  fundedWallet,
  memo,
  signedTransaction,
  signedV1Transaction,
  usdcTransfer,
} from "../../../_support/solana_transactions.ts";

Deno.test("explain: a landed compute failure is explained in one round trip, and with repair it is rebuilt and lands", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const receiver = (await generateKeyPairSigner()).address;
    const signature = await cluster.send(
      await signedTransaction(cluster.local, payer, [
        getSetComputeUnitLimitInstruction({ units: 300 }),
        memo("landed and failed"),
        getTransferSolInstruction({ source: payer, destination: receiver, amount: 6_000_000n }),
      ]),
    );
    const before = cluster.client.stats.roundTrips;
    const plain = await explainTransaction(cluster.client, { signature });
    assert.equal(cluster.client.stats.roundTrips - before, 1, "the plain explanation is one round trip");
    assert.equal(plain.landedState, "landed_failed");
    assert.equal(plain.failureClass, "compute_exceeded");
    assert.equal("repair" in plain, false, "no repair unless asked");

    const repaired = await explainTransaction(cluster.client, { signature, repair: {} });
    assert.equal(repaired.failureClass, "compute_exceeded");
    assert.ok(repaired.repair?.fixes?.includes("compute_unit_limit"));
    assert.ok(
      repaired.repair?.fixes?.includes("fresh_blockhash"),
      "a landed message always gets a new blockhash",
    );
    assert.equal(cluster.local.svm.getBalance(receiver as Address) ?? 0n, 0n);
    await landRepair(cluster, repaired.repair, payer);
    assert.equal(cluster.local.svm.getBalance(receiver as Address), 6_000_000n);

    const again = cluster.client.stats.roundTrips;
    const cached = await explainTransaction(cluster.client, { signature });
    assert.equal(
      cluster.client.stats.roundTrips - again,
      0,
      "the plain answer is still cached, without repair",
    );
    assert.equal("repair" in cached, false);
  } finally {
    await cluster.close();
  }
});

Deno.test("explain: a landed v1 transfer to a missing token account is rebuilt with the account created first", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const sender = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 2_000n });
    const receiver = (await generateKeyPairSigner()).address;
    const signature = await cluster.send(
      await signedV1Transaction(cluster.local, sender, [
        getTransferSolInstruction({ source: sender, destination: receiver, amount: 1_000_000n }),
        usdcTransfer(sender, receiver, 250n),
      ], { computeUnitLimit: 200_000, priorityFeeLamports: 0n, loadedAccountsDataSizeLimit: 1_000_000 }),
    );
    const result = await explainTransaction(cluster.client, { signature, repair: { feeLevel: "low" } });
    assert.equal(result.landedState, "landed_failed");
    assert.equal(result.version, 1);
    assert.ok(result.repair?.fixes?.includes("create_associated_token_account"));
    await landRepair(cluster, result.repair, sender);
    assert.equal(cluster.local.usdcBalance(receiver), 250n);
  } finally {
    await cluster.close();
  }
});

Deno.test("explain: with repair, a landed shortfall, a success and a missing transaction say why there is none", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const sender = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 100n });
    const receiver = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 0n });
    const short = await cluster.send(
      await signedTransaction(cluster.local, sender, [usdcTransfer(sender, receiver.address, 300n)]),
    );
    const shortfall = await explainTransaction(cluster.client, { signature: short, repair: {} });
    assert.equal(shortfall.repair?.code, "insufficient_funds");
    assert.equal(shortfall.repair?.transaction, undefined);

    const fine = await cluster.send(await signedTransaction(cluster.local, sender, [memo("fine")]));
    assert.equal(
      (await explainTransaction(cluster.client, { signature: fine, repair: {} })).repair?.code,
      "not_needed",
    );

    const missing = await explainTransaction(cluster.client, {
      signature: "5".repeat(87),
      lastValidBlockHeight: Number(cluster.local.chain.blockHeight + 5n),
      repair: {},
    });
    assert.equal(missing.landedState, "pending");
    assert.equal(missing.repair?.code, "not_landed");
  } finally {
    await cluster.close();
  }
});

Deno.test("explain: recorded mainnet slippage and shortfall failures get no repair, say why, and cost no extra call", async () => {
  const cases = loadCorpus().filter((entry) =>
    entry.label?.classes.length === 1 && ["slippage", "insufficient_funds"].includes(entry.label.classes[0]!)
  );
  assert.ok(cases.length >= 20, `${cases.length} recorded cases`);
  const plain = await replayCorpus(cases);
  const repaired = await replayCorpus(cases, { repair: true });
  const expected: Record<string, string> = {
    slippage: "needs_new_quote",
    insufficient_funds: "insufficient_funds",
  };
  let refused = 0;
  for (const [index, answer] of repaired.entries()) {
    assert.equal(answer.roundTrips, plain[index]!.roundTrips, `${answer.id}: no extra call to refuse`);
    const code = expected[answer.got];
    if (!code) continue;
    assert.equal(answer.result.repair?.code, code, answer.id);
    assert.equal(answer.result.repair?.available, false);
    assert.equal(answer.result.repair?.transaction, undefined);
    refused++;
  }
  assert.ok(refused >= 20, `${refused} refused by their class`);
});
