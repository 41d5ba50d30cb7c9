import assert from "node:assert/strict";
import { getSetComputeUnitPriceInstruction } from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import { generateKeyPairSigner } from "@solana/kit";
import { createLocalSolana } from "../../../../lib/local/solana/local_solana.ts";
import { fundedWallet, memo, signedTransaction } from "../../../_support/solana_transactions.ts";
import { rpc } from "../../../_support/local_chain.ts";

Deno.test("executeInOneSlot() lands several transactions in one new slot, each against the state the previous one left", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local);
  const receiver = (await generateKeyPairSigner()).address;
  await local.fund(receiver, { lamports: 1_000_000n });
  const slotBefore = local.chain.slot;
  const heightBefore = local.chain.blockHeight;
  const countBefore = local.chain.transactionCount;
  const transfers = await Promise.all([100n, 200n, 300n].map((amount) =>
    signedTransaction(local, payer, [
      getTransferSolInstruction({ source: payer, destination: receiver, amount }),
    ])
  ));

  const outcomes = local.executeInOneSlot(transfers);
  assert.deepEqual(outcomes.map(({ err, landed }) => ({ err, landed })), [
    { err: null, landed: true },
    { err: null, landed: true },
    { err: null, landed: true },
  ]);
  assert.equal(local.chain.slot, slotBefore + 1n);
  assert.equal(local.chain.blockHeight, heightBefore + 1n);
  assert.equal(local.chain.transactionCount, countBefore + 3);

  const receiverBalances = [];
  for (const { signature } of outcomes) {
    const found =
      (await rpc(local, "getTransaction", [signature, { maxSupportedTransactionVersion: 0 }])).result;
    assert.equal(found.slot, Number(slotBefore + 1n));
    const index = found.transaction.message.accountKeys.indexOf(receiver);
    receiverBalances.push([found.meta.preBalances[index], found.meta.postBalances[index]]);
  }
  assert.deepEqual(receiverBalances, [
    [1_000_000, 1_000_100],
    [1_000_100, 1_000_300],
    [1_000_300, 1_000_600],
  ]);
  const statuses = (await rpc(local, "getSignatureStatuses", [outcomes.map((o) => o.signature)])).result;
  assert.deepEqual(
    statuses.value.map((s: { slot: number }) => s.slot),
    Array(3).fill(Number(slotBefore + 1n)),
  );
});

Deno.test("executeInOneSlot() refuses a repeat of a message landed earlier in the same slot, and lands a failed one that paid its fee", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local, { lamports: 10_000_000n });
  const receiver = (await generateKeyPairSigner()).address;
  await local.fund(receiver, { lamports: 1_000_000n });
  const once = await signedTransaction(local, payer, [memo("once")]);
  const tooMuch = await signedTransaction(local, payer, [
    getTransferSolInstruction({ source: payer, destination: receiver, amount: 1_000_000_000n }),
  ]);
  const slotBefore = local.chain.slot;

  const outcomes = local.executeInOneSlot([once, once, tooMuch]);
  assert.deepEqual(outcomes.map(({ err, landed }) => ({ err, landed })), [
    { err: null, landed: true },
    { err: "AlreadyProcessed", landed: false },
    { err: { InstructionError: [0, { Custom: 1 }] }, landed: true },
  ]);
  assert.equal(local.chain.slot, slotBefore + 1n);
  assert.equal(local.chain.transaction(outcomes[2]!.signature)?.slot, slotBefore + 1n);
});

Deno.test("executeInOneSlot() produces no block when nothing landed", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local);
  const stale = await signedTransaction(local, payer, [memo("stale")], {
    blockhash: "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY",
  });
  const slotBefore = local.chain.slot;
  const feesBefore = (await rpc(local, "getRecentPrioritizationFees")).result;
  assert.deepEqual(local.executeInOneSlot([stale]).map(({ err, landed }) => ({ err, landed })), [
    { err: "BlockhashNotFound", landed: false },
  ]);
  assert.deepEqual(local.executeInOneSlot([]), []);
  assert.equal(local.chain.slot, slotBefore);
  assert.deepEqual((await rpc(local, "getRecentPrioritizationFees")).result, feesBefore);
});

Deno.test("getRecentPrioritizationFees() takes the minimum of a slot's transactions and, per account, of those write-locking it", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local);
  const pool = (await generateKeyPairSigner()).address;
  await local.fund(pool, { lamports: 1_000_000n });
  const priced = (price: bigint, instruction: Parameters<typeof signedTransaction>[2][number]) =>
    signedTransaction(local, payer, [
      getSetComputeUnitPriceInstruction({ microLamports: price }),
      instruction,
    ]);
  local.executeInOneSlot([
    await priced(9_000n, getTransferSolInstruction({ source: payer, destination: pool, amount: 1n })),
    await priced(400n, memo("cheap")),
    await priced(6_000n, getTransferSolInstruction({ source: payer, destination: pool, amount: 2n })),
  ]);
  const slot = Number(local.chain.slot);
  assert.deepEqual((await rpc(local, "getRecentPrioritizationFees")).result, [
    { prioritizationFee: 400, slot },
  ]);
  assert.deepEqual((await rpc(local, "getRecentPrioritizationFees", [[pool]])).result, [
    { prioritizationFee: 6_000, slot },
  ]);
});
