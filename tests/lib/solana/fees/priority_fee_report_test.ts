import assert from "node:assert/strict";
import { generateKeyPairSigner } from "@solana/kit";
import { priorityFeeReport } from "../../../../lib/solana/fees/priority_fees.ts";
import { SEEDED_FEE_ACCOUNT, SEEDED_PRIORITY_FEES } from "../../../../lib/local/solana/local_solana.ts";
import { UnavailableError } from "../../../../lib/shared/errors.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";

// The local chain lands one seeded transaction per slot at these prices:
// sorted 0, 1000, 5000, 10000, 50000, 100000, 250000, 1000000 (n = 8, nearest rank).
const SEEDED_QUANTILES = {
  min: 0,
  p25: 1_000, // rank 2
  p50: 10_000, // rank 4
  p75: 100_000, // rank 6
  p90: 1_000_000, // rank ceil(7.2) = 8
  p95: 1_000_000,
  p99: 1_000_000,
  max: 1_000_000,
};

Deno.test("priorityFeeReport() gives the exact quantiles of the seeded per-slot fees", async () => {
  await using rpc = await startLocalChain();
  assert.equal(SEEDED_PRIORITY_FEES.length, 8);
  const report = await priorityFeeReport(rpc.client, {}, { cacheTtlMs: 0 });
  assert.deepEqual(report.global.quantiles, SEEDED_QUANTILES);
  assert.deepEqual(report.global.levels, { low: 1_000, medium: 10_000, high: 100_000, veryHigh: 1_000_000 });
  assert.equal(report.global.slots, 8);
  assert.equal(report.global.zeroFeeSlots, 1);
  assert.equal(report.global.zeroFeeShare, 0.125);
  assert.equal(report.global.lastSlot - report.global.firstSlot, 7, "one seeded transaction per slot");
  assert.equal(report.global.priorityFeeLamports, null);
  assert.deepEqual(report.accounts, []);
  assert.equal(report.combined, null);
  assert.equal(report.recommended.microLamportsPerComputeUnit, 100_000);
  assert.equal(report.recommended.basis, "global");
  assert.equal(report.recommended.priorityFeeLamports, null);
  assert.match(report.recommended.rule, /high level \(p75\) of the global view.*last 8 slots/);
});

Deno.test("priorityFeeReport() prices each level for a compute-unit limit", async () => {
  await using rpc = await startLocalChain();
  const report = await priorityFeeReport(rpc.client, { computeUnitLimit: 200_000 }, { cacheTtlMs: 0 });
  // ceil(price × 200,000 / 1e6): 1000 → 200, 10000 → 2000, 100000 → 20000, 1000000 → 200000
  assert.deepEqual(report.global.priorityFeeLamports, {
    low: 200,
    medium: 2_000,
    high: 20_000,
    veryHigh: 200_000,
  });
  assert.equal(report.recommended.priorityFeeLamports, 20_000);
  assert.equal(report.computeUnitLimit, 200_000);
});

Deno.test("priorityFeeReport() asks for global, per-account and combined fees in one batch", async () => {
  await using rpc = await startLocalChain();
  const other = (await generateKeyPairSigner()).address;
  const before = rpc.requests;
  const report = await priorityFeeReport(rpc.client, {
    accounts: [SEEDED_FEE_ACCOUNT, other, SEEDED_FEE_ACCOUNT],
  }, {
    cacheTtlMs: 0,
  });
  assert.equal(rpc.requests - before, 1, "one HTTP round trip");
  const sorted = [SEEDED_FEE_ACCOUNT, other].sort();
  assert.deepEqual(rpc.calls.slice(-4), [
    { method: "getRecentPrioritizationFees", params: [] },
    { method: "getRecentPrioritizationFees", params: [[sorted[0]]] },
    { method: "getRecentPrioritizationFees", params: [[sorted[1]]] },
    { method: "getRecentPrioritizationFees", params: [sorted] },
  ]);
  assert.deepEqual(
    report.accounts.map((view) => view.account),
    [SEEDED_FEE_ACCOUNT, other],
    "duplicates collapse",
  );
  // Every seeded transaction writes the fee account, and each slot holds one transaction, so the
  // account's per-slot floor equals the slot's own minimum.
  assert.deepEqual(report.accounts[0]!.quantiles, SEEDED_QUANTILES);
  assert.deepEqual(report.combined?.quantiles, SEEDED_QUANTILES);
  assert.equal(report.recommended.basis, "combined");
});

Deno.test("priorityFeeReport() with one account reuses its view as the combined one", async () => {
  await using rpc = await startLocalChain();
  const report = await priorityFeeReport(rpc.client, { accounts: [SEEDED_FEE_ACCOUNT] }, { cacheTtlMs: 0 });
  assert.equal(rpc.calls.length, 2, "global + one account, no separate combined call");
  const { account: _account, ...view } = report.accounts[0]!;
  assert.deepEqual(report.combined, view);
});

Deno.test("priorityFeeReport() reuses a fresh answer for the same account set, in any order", async () => {
  await using rpc = await startLocalChain();
  const a = (await generateKeyPairSigner()).address;
  const b = (await generateKeyPairSigner()).address;
  await priorityFeeReport(rpc.client, { accounts: [a, b] }, { cacheTtlMs: 60_000 });
  const first = rpc.requests;
  const again = await priorityFeeReport(rpc.client, { accounts: [b, a] }, { cacheTtlMs: 60_000 });
  assert.equal(rpc.requests, first, "served from the cache");
  assert.deepEqual(again.accounts.map((view) => view.account), [b, a]);
  await priorityFeeReport(rpc.client, { accounts: [a] }, { cacheTtlMs: 60_000 });
  assert.equal(rpc.requests, first + 1, "another account set is fetched");
});

Deno.test("priorityFeeReport() says the RPC has no fee history on a chain without transactions", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  await assert.rejects(
    priorityFeeReport(rpc.client, {}, { cacheTtlMs: 0 }),
    (error: unknown) =>
      error instanceof UnavailableError && error.retryAfterSeconds === 2 &&
      error.message === "Solana RPC reported no recent slots to sample fees from",
  );
});

Deno.test("priorityFeeReport() hands the same frozen report to the same question of the same history", async () => {
  await using rpc = await startLocalChain();
  const a = (await generateKeyPairSigner()).address;
  const options = { cacheTtlMs: 60_000 };
  const first = await priorityFeeReport(rpc.client, { accounts: [SEEDED_FEE_ACCOUNT, a] }, options);
  const again = await priorityFeeReport(rpc.client, { accounts: [SEEDED_FEE_ACCOUNT, a] }, options);
  assert.equal(again, first, "computed once for the kept history");
  assert.ok(
    Object.isFrozen(first) && Object.isFrozen(first.global.quantiles) && Object.isFrozen(first.accounts[1]),
  );
  assert.throws(() => (first.global.levels as { low: number }).low = 0, TypeError, "no caller can change it");
  // Another order of the accounts, or another compute-unit limit, is another question of the same history.
  const reordered = await priorityFeeReport(rpc.client, { accounts: [a, SEEDED_FEE_ACCOUNT] }, options);
  assert.notEqual(reordered, first);
  assert.deepEqual(reordered.accounts.map((view) => view.account), [a, SEEDED_FEE_ACCOUNT]);
  const priced = await priorityFeeReport(rpc.client, {
    accounts: [SEEDED_FEE_ACCOUNT, a],
    computeUnitLimit: 1,
  }, options);
  assert.notEqual(priced, first);
  assert.equal(priced.computeUnitLimit, 1);
  // A history fetched again is asked again.
  const fresh = await priorityFeeReport(rpc.client, {}, { cacheTtlMs: 0 });
  assert.notEqual(await priorityFeeReport(rpc.client, {}, { cacheTtlMs: 0 }), fresh);
});
