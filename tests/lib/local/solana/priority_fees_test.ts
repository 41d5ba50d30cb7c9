import assert from "node:assert/strict";
import { getSetComputeUnitPriceInstruction } from "@solana-program/compute-budget";
import { generateKeyPairSigner } from "@solana/kit";
import {
  createLocalSolana,
  SEEDED_FEE_ACCOUNT,
  SEEDED_PRIORITY_FEES,
} from "../../../../lib/local/solana/local_solana.ts";
import { fundedWallet, memo, signedTransaction } from "../../../_support/solana_transactions.ts";
import { rpc } from "../../../_support/local_chain.ts";

Deno.test("getRecentPrioritizationFees() returns the seeded prices, one slot each, globally and for the shared account", async () => {
  const local = await createLocalSolana();
  const genesisSlot = Number(local.chain.slot) - SEEDED_PRIORITY_FEES.length;
  const expected = SEEDED_PRIORITY_FEES.map((prioritizationFee, index) => ({
    prioritizationFee,
    slot: genesisSlot + index + 1,
  }));
  assert.deepEqual((await rpc(local, "getRecentPrioritizationFees")).result, expected);
  assert.deepEqual(
    (await rpc(local, "getRecentPrioritizationFees", [[SEEDED_FEE_ACCOUNT]])).result,
    expected,
  );
  assert.ok(SEEDED_PRIORITY_FEES.includes(0) && SEEDED_PRIORITY_FEES.some((fee) => fee > 0));

  // The seeded history is real: each transaction moved one lamport to the shared account.
  const rentExempt = Number(local.svm.minimumBalanceForRentExemption(0n));
  assert.equal(
    (await rpc(local, "getBalance", [SEEDED_FEE_ACCOUNT])).result.value,
    rentExempt + expected.length,
  );
  assert.equal((await rpc(local, "getEpochInfo")).result.transactionCount, expected.length);
});

Deno.test("getRecentPrioritizationFees() reports each slot's minimum whether or not the listed account was write-locked there", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local);
  const untouched = (await generateKeyPairSigner()).address;
  for (const price of [7_000n, 3_000n]) {
    const transaction = await signedTransaction(local, payer, [
      getSetComputeUnitPriceInstruction({ microLamports: price }),
      memo(`price ${price}`),
    ]);
    assert.equal(local.execute(transaction).err, null);
  }
  const slot = Number(local.chain.slot);
  const perSlot = [{ prioritizationFee: 7_000, slot: slot - 1 }, { prioritizationFee: 3_000, slot }];
  assert.deepEqual((await rpc(local, "getRecentPrioritizationFees", [[untouched]])).result, perSlot);
  assert.deepEqual((await rpc(local, "getRecentPrioritizationFees", [[payer.address]])).result, perSlot);
});

Deno.test("getRecentPrioritizationFees() covers the last 150 slots and checks its account list", async () => {
  const local = await createLocalSolana();
  const payer = await fundedWallet(local, { lamports: 10_000_000_000n });
  for (let i = 0; i < 150; i++) {
    const transaction = await signedTransaction(local, payer, [
      getSetComputeUnitPriceInstruction({ microLamports: BigInt(i) }),
      memo(`${i}`),
    ]);
    assert.equal(local.execute(transaction).err, null);
  }
  const fees = (await rpc(local, "getRecentPrioritizationFees")).result;
  assert.equal(fees.length, 150);
  assert.deepEqual(fees.map((fee: { prioritizationFee: number }) => fee.prioritizationFee), [
    ...Array(150).keys(),
  ]);
  assert.equal(fees.at(-1).slot, Number(local.chain.slot));

  const tooMany = Array.from({ length: 129 }, () => SEEDED_FEE_ACCOUNT);
  assert.deepEqual((await rpc(local, "getRecentPrioritizationFees", [tooMany])).error, {
    code: -32602,
    message: "Too many inputs provided; max 128",
  });
  assert.deepEqual((await rpc(local, "getRecentPrioritizationFees", [["not-an-address"]])).error, {
    code: -32602,
    message: "Invalid param: Invalid",
  });
});
