import assert from "node:assert/strict";
import { commitmentAtDepth, meetsCommitment } from "../../../../lib/local/solana/commitment.ts";
import { createLocalSolana, type LocalSolana } from "../../../../lib/local/solana/local_solana.ts";
import { fundedWallet, memo, signedTransaction } from "../../../_support/solana_transactions.ts";
import { rpc } from "../../../_support/local_chain.ts";

Deno.test("commitmentAtDepth() is final at once without a lag, else processed, confirmed, then finalized at the lag", () => {
  assert.deepEqual(commitmentAtDepth(0n, 0), { confirmationStatus: "finalized", confirmations: null });
  assert.deepEqual(commitmentAtDepth(0n, 3), { confirmationStatus: "processed", confirmations: 0 });
  assert.deepEqual(commitmentAtDepth(1n, 3), { confirmationStatus: "confirmed", confirmations: 1 });
  assert.deepEqual(commitmentAtDepth(2n, 3), { confirmationStatus: "confirmed", confirmations: 2 });
  assert.deepEqual(commitmentAtDepth(3n, 3), { confirmationStatus: "finalized", confirmations: null });
  assert.deepEqual(commitmentAtDepth(0n, 1), { confirmationStatus: "processed", confirmations: 0 });
  assert.deepEqual(commitmentAtDepth(1n, 1), { confirmationStatus: "finalized", confirmations: null });
});

Deno.test("meetsCommitment() orders processed < confirmed < finalized", () => {
  assert.equal(meetsCommitment("finalized", "confirmed"), true);
  assert.equal(meetsCommitment("confirmed", "confirmed"), true);
  assert.equal(meetsCommitment("processed", "confirmed"), false);
  assert.equal(meetsCommitment("confirmed", "finalized"), false);
});

async function landMemo(local: LocalSolana, text: string): Promise<string> {
  const payer = await fundedWallet(local);
  const { signature, err } = local.execute(await signedTransaction(local, payer, [memo(text)]));
  assert.equal(err, null);
  return signature;
}

async function statusOf(local: LocalSolana, signature: string) {
  const reply = await rpc(local, "getSignatureStatuses", [[signature]]);
  const { confirmationStatus, confirmations, slot } = reply.result.value[0];
  return { confirmationStatus, confirmations, slot };
}

async function foundAt(local: LocalSolana, signature: string, commitment?: string): Promise<boolean> {
  const config = { maxSupportedTransactionVersion: 0, ...(commitment ? { commitment } : {}) };
  const reply = await rpc(local, "getTransaction", [signature, config]);
  assert.equal(reply.error, undefined);
  return reply.result !== null;
}

Deno.test("with finalityLagSlots a transaction is processed, then confirmed, then finalized in getSignatureStatuses and getTransaction", async () => {
  const local = await createLocalSolana({ seedHistory: false, finalityLagSlots: 3 });
  const signature = await landMemo(local, "watched");
  const slot = Number(local.chain.slot);

  assert.deepEqual(await statusOf(local, signature), {
    confirmationStatus: "processed",
    confirmations: 0,
    slot,
  });
  assert.equal(await foundAt(local, signature, "confirmed"), false);
  assert.equal(await foundAt(local, signature, "finalized"), false);
  assert.equal(await foundAt(local, signature), false, "getTransaction defaults to finalized");
  assert.equal(
    (await rpc(local, "getTransaction", [signature, { commitment: "processed" }])).error?.message,
    "Method does not support commitment below `confirmed`",
  );

  await landMemo(local, "one more slot");
  assert.deepEqual(await statusOf(local, signature), {
    confirmationStatus: "confirmed",
    confirmations: 1,
    slot,
  });
  assert.equal(await foundAt(local, signature, "confirmed"), true);
  assert.equal(await foundAt(local, signature), false);

  await landMemo(local, "two more slots");
  assert.deepEqual(await statusOf(local, signature), {
    confirmationStatus: "confirmed",
    confirmations: 2,
    slot,
  });
  assert.equal(await foundAt(local, signature), false);

  await landMemo(local, "three more slots");
  assert.deepEqual(await statusOf(local, signature), {
    confirmationStatus: "finalized",
    confirmations: null,
    slot,
  });
  assert.equal(await foundAt(local, signature, "confirmed"), true);
  assert.equal(await foundAt(local, signature, "finalized"), true);
  assert.equal(await foundAt(local, signature), true);
});

Deno.test("with finalityLagSlots a batch counts as one slot towards finality", async () => {
  const local = await createLocalSolana({ seedHistory: false, finalityLagSlots: 1 });
  const payer = await fundedWallet(local);
  const batch = await Promise.all(["a", "b"].map((text) => signedTransaction(local, payer, [memo(text)])));
  const [first, second] = local.executeInOneSlot(batch);
  assert.equal((await statusOf(local, first!.signature)).confirmationStatus, "processed");
  assert.equal((await statusOf(local, second!.signature)).confirmationStatus, "processed");
  await landMemo(local, "next slot");
  assert.equal((await statusOf(local, first!.signature)).confirmationStatus, "finalized");
  assert.equal((await statusOf(local, second!.signature)).confirmationStatus, "finalized");
});

Deno.test("without finalityLagSlots a transaction is finalized as soon as it lands", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const signature = await landMemo(local, "final");
  assert.deepEqual(await statusOf(local, signature), {
    confirmationStatus: "finalized",
    confirmations: null,
    slot: Number(local.chain.slot),
  });
  assert.equal(await foundAt(local, signature), true);
});

Deno.test("createLocalSolana() refuses a finalityLagSlots that is not a non-negative integer", async () => {
  for (const finalityLagSlots of [-1, 1.5, Number.NaN]) {
    await assert.rejects(
      () => createLocalSolana({ seedHistory: false, finalityLagSlots }),
      (error: unknown) =>
        error instanceof RangeError &&
        /Invalid finalityLagSlots ".*": expected a non-negative/.test(error.message),
    );
  }
});
