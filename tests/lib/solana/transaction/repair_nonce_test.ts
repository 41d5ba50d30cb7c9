/**
 * Repairs of durable-nonce transactions on the local chain: a compute or
 * price fix keeps AdvanceNonceAccount first and the nonce as the lifetime,
 * and the rebuilt transaction, signed by the test's wallet (fee payer and
 * nonce authority), lands on that nonce. Once the nonce has been used, no
 * repair is offered, and the refusal gives the nonce stored now.
 */
import assert from "node:assert/strict";
import { generateKeyPairSigner } from "@solana/kit";
import { getSetComputeUnitLimitInstruction } from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import { SEEDED_FEE_ACCOUNT } from "../../../../lib/local/solana/local_solana.ts";
import { explainTransaction } from "../../../../lib/solana/transaction/explain.ts";
import { decodeWireTransaction } from "../../../../lib/solana/transaction/serialized.ts";
import { simulateTransaction } from "../../../../lib/solana/transaction/simulate.ts";
import { type LocalChain, startLocalChain } from "../../../_support/local_chain.ts";
import { createNonceAccount, signedOnNonce } from "../../../_support/durable_nonce.ts";
import { fundedWallet, memo, usdcTransfer, wire } from "../../../_support/solana_transactions.ts";
import { landRepair } from "./_land_repair.ts";

const SYSTEM_PROGRAM = "11111111111111111111111111111111";

/** A payer with a nonce account, and a transfer on its nonce whose compute-unit limit is too low. */
async function starvedTransfer(cluster: LocalChain, version: 0 | "legacy" = 0) {
  const payer = await fundedWallet(cluster.local);
  const nonce = await createNonceAccount(cluster.local, payer);
  const receiver = (await generateKeyPairSigner()).address;
  const value = nonce.stored();
  const transaction = await signedOnNonce(payer, nonce, [
    getSetComputeUnitLimitInstruction({ units: 400 }),
    memo("a durable transfer that needs more units"),
    getTransferSolInstruction({ source: payer, destination: receiver, amount: 3_000_000n }),
  ], version);
  return { payer, nonce, receiver, value, transaction };
}

/** Asserts the rebuilt message still starts with AdvanceNonceAccount and carries `nonce` as its lifetime. */
function assertKeepsNonce(transaction: string, nonce: string) {
  const { compiled } = decodeWireTransaction(transaction, "base64");
  assert.equal(compiled.lifetimeToken, nonce, "the nonce is still the lifetime");
  const first = compiled.version === 1 ? null : compiled.instructions[0]!;
  assert.ok(first);
  assert.equal(compiled.staticAccounts[first.programAddressIndex], SYSTEM_PROGRAM);
  assert.equal(first.data?.[0], 4, "AdvanceNonceAccount is still the first instruction");
}

for (const version of ["legacy", 0] as const) {
  Deno.test(`repair: a ${version} durable-nonce transaction out of compute units keeps its nonce and lands on it`, async () => {
    const cluster = await startLocalChain({ seedHistory: false });
    try {
      const { payer, nonce, receiver, value, transaction } = await starvedTransfer(cluster, version);

      const result = await simulateTransaction(cluster.client, {
        transaction: wire(transaction),
        encoding: "base64",
      });
      assert.equal(result.failureClass, "compute_exceeded");
      assert.equal(result.durableNonce, true);
      const { repair } = result;
      assert.equal(repair.available, true, repair.reason);
      assert.deepEqual(repair.fixes, ["compute_unit_limit"], "no fresh blockhash: the nonce stays");
      assert.equal(repair.nonce, value);
      assert.equal(repair.account, nonce.address);
      assert.equal(repair.recentBlockhash, undefined);
      assert.match(repair.reason, /keeps its durable nonce/);
      assertKeepsNonce(repair.transaction!, value);

      await landRepair(cluster, repair, payer);
      assert.equal(cluster.local.svm.getBalance(receiver), 3_000_000n);
      assert.notEqual(nonce.stored(), value, "landing advanced the nonce");
    } finally {
      await cluster.close();
    }
  });
}

Deno.test("repair: a durable-nonce transaction paying less than the level asked gets the level's price, keeps its nonce and lands", async () => {
  const cluster = await startLocalChain();
  try {
    const payer = await fundedWallet(cluster.local);
    const nonce = await createNonceAccount(cluster.local, payer);
    const value = nonce.stored();
    const transaction = await signedOnNonce(payer, nonce, [
      getTransferSolInstruction({ source: payer, destination: SEEDED_FEE_ACCOUNT, amount: 1_000n }),
    ]);
    const result = await simulateTransaction(cluster.client, {
      transaction: wire(transaction),
      encoding: "base64",
      repair: { feeLevel: "high" },
    });
    assert.equal(result.failureClass, "none");
    const { repair } = result;
    assert.equal(repair.available, true, repair.reason);
    assert.ok(repair.fixes?.includes("compute_unit_price"));
    assert.equal(repair.feeLevel, "high");
    assert.ok(repair.microLamportsPerComputeUnit! > 0);
    assertKeepsNonce(repair.transaction!, value);
    const before = cluster.local.svm.getBalance(payer.address)!;
    await landRepair(cluster, repair, payer);
    assert.equal(
      cluster.local.svm.getBalance(payer.address),
      before - 1_000n - 5_000n - BigInt(repair.priorityFeeLamports!),
      "the chain charged the signature and the level's priority fee",
    );
  } finally {
    await cluster.close();
  }
});

Deno.test("repair: a durable-nonce token transfer to a wallet without its token account creates it after AdvanceNonceAccount and lands", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const sender = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 5_000n });
    const nonce = await createNonceAccount(cluster.local, sender);
    const receiver = (await generateKeyPairSigner()).address;
    const value = nonce.stored();
    const transaction = await signedOnNonce(sender, nonce, [
      getTransferSolInstruction({ source: sender, destination: receiver, amount: 1_000_000n }),
      usdcTransfer(sender, receiver, 700n),
    ]);
    const result = await simulateTransaction(cluster.client, {
      transaction: wire(transaction),
      encoding: "base64",
    });
    assert.equal(result.success, false);
    const { repair } = result;
    assert.ok(repair.fixes?.includes("create_associated_token_account"), repair.reason);
    assertKeepsNonce(repair.transaction!, value);
    await landRepair(cluster, repair, sender);
    assert.equal(cluster.local.usdcBalance(receiver), 700n);
  } finally {
    await cluster.close();
  }
});

Deno.test("repair: once the nonce is used, neither a landed failure nor the signed message is rebuilt, and the refusal gives the nonce now", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const { payer, nonce, value, transaction: failing } = await starvedTransfer(cluster);
    const signature = await cluster.send(failing);
    // Another transaction on the same nonce lands and uses it (the embedded runtime, unlike a validator, does
    // not advance a nonce for a failed transaction).
    await cluster.send(await signedOnNonce(payer, nonce, [memo("uses the nonce")]));
    const now = nonce.stored();
    assert.notEqual(now, value, "the nonce was used");

    const landed = await explainTransaction(cluster.client, { signature, repair: {} });
    assert.equal(landed.failureClass, "compute_exceeded");
    assert.equal(landed.repair?.available, false);
    assert.equal(landed.repair?.code, "nonce_advanced");
    assert.equal(landed.repair?.nonce, now);
    assert.equal(landed.repair?.account, nonce.address);
    assert.match(landed.repair!.reason, /advances its nonce even when it fails/);
    assert.match(landed.repair!.reason, new RegExp(`nonce authority ${payer.address}`));

    const simulated = await simulateTransaction(cluster.client, {
      transaction: wire(failing),
      encoding: "base64",
    });
    assert.equal(simulated.repair.code, "nonce_advanced");
    assert.equal(simulated.repair.nonce, now);
    assert.match(simulated.repair.reason, /has not already landed/);
  } finally {
    await cluster.close();
  }
});
