import assert from "node:assert/strict";
import { getSetComputeUnitPriceInstruction } from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import { type Address, generateKeyPairSigner, type Instruction, type KeyPairSigner } from "@solana/kit";
import { priorityFeeReport } from "../../../../lib/solana/fees/priority_fees.ts";
import type { LocalSolana } from "../../../../lib/local/solana/local_solana.ts";
import { fundedWallet, memo, signedTransaction } from "../../../_support/solana_transactions.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";

/**
 * Five slots, each holding a cheap transaction that writes only the payer and
 * transfers (one lamport each) to pool A and pool B at their own prices;
 * B is not written in the last slot, A twice in the first.
 */
const SLOTS: { other: bigint; a: bigint[]; b: bigint[] }[] = [
  { other: 100n, a: [5_000n, 3_000n], b: [20_000n] },
  { other: 0n, a: [1_000n], b: [300n] },
  { other: 50n, a: [40_000n], b: [2_000n] },
  { other: 10n, a: [7_000n], b: [90_000n] },
  { other: 25n, a: [60_000n], b: [] },
];

async function landScenario(local: LocalSolana, payer: KeyPairSigner, a: Address, b: Address): Promise<void> {
  let nonce = 0;
  const priced = (price: bigint, instruction: Instruction) =>
    signedTransaction(local, payer, [
      getSetComputeUnitPriceInstruction({ microLamports: price }),
      instruction,
    ]);
  const transfer = (destination: Address) =>
    getTransferSolInstruction({ source: payer, destination, amount: BigInt(++nonce) });
  for (const slot of SLOTS) {
    const transactions = await Promise.all([
      priced(slot.other, memo(`slot ${++nonce}`)),
      ...slot.a.map((price) => priced(price, transfer(a))),
      ...slot.b.map((price) => priced(price, transfer(b))),
    ]);
    const outcomes = local.executeInOneSlot(transactions);
    assert.deepEqual(outcomes.map((outcome) => outcome.err), transactions.map(() => null));
  }
}

Deno.test("priorityFeeReport() gives per-account and combined quantiles that differ from the global ones when accounts share slots", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const payer = await fundedWallet(rpc.local, { lamports: 1_000_000_000n });
  const [a, b] = [(await generateKeyPairSigner()).address, (await generateKeyPairSigner()).address];
  await rpc.local.fund(a, { lamports: 1_000_000n });
  await rpc.local.fund(b, { lamports: 1_000_000n });
  await landScenario(rpc.local, payer, a, b);

  const report = await priorityFeeReport(rpc.client, { accounts: [a, b] }, { cacheTtlMs: 0 });
  assert.equal(report.global.slots, 5);
  assert.equal(report.global.lastSlot - report.global.firstSlot, 4);

  // Block minimums 100, 0, 50, 10, 25 → sorted 0 10 25 50 100 (nearest rank, n = 5:
  // p25 → rank 2, p50 → 3, p75 → 4, p90/p95/p99 → 5).
  assert.deepEqual(report.global.quantiles, {
    min: 0,
    p25: 10,
    p50: 25,
    p75: 50,
    p90: 100,
    p95: 100,
    p99: 100,
    max: 100,
  });
  // A: max(block min, A's min) = 3000, 1000, 40000, 7000, 60000 → sorted 1000 3000 7000 40000 60000.
  const [viewA, viewB] = report.accounts;
  assert.equal(viewA?.account, a);
  assert.deepEqual(viewA?.quantiles, {
    min: 1_000,
    p25: 3_000,
    p50: 7_000,
    p75: 40_000,
    p90: 60_000,
    p95: 60_000,
    p99: 60_000,
    max: 60_000,
  });
  // B: 20000, 300, 2000, 90000, and the block minimum 25 where B was not written → 25 300 2000 20000 90000.
  assert.equal(viewB?.account, b);
  assert.deepEqual(viewB?.quantiles, {
    min: 25,
    p25: 300,
    p50: 2_000,
    p75: 20_000,
    p90: 90_000,
    p95: 90_000,
    p99: 90_000,
    max: 90_000,
  });
  assert.equal(viewB?.zeroFeeSlots, 0);
  assert.equal(report.global.zeroFeeSlots, 1);
  // Both: per slot the highest of the block, A and B minimums = 20000, 1000, 40000, 90000, 60000.
  assert.deepEqual(report.combined?.quantiles, {
    min: 1_000,
    p25: 20_000,
    p50: 40_000,
    p75: 60_000,
    p90: 90_000,
    p95: 90_000,
    p99: 90_000,
    max: 90_000,
  });
  assert.equal(report.recommended.basis, "combined");
  assert.equal(report.recommended.microLamportsPerComputeUnit, 60_000);
});
