import assert from "node:assert/strict";
import { getTransferSolInstruction } from "@solana-program/system";
import { generateKeyPairSigner } from "@solana/kit";
import { explainTransaction } from "../../../../lib/solana/transaction/explain.ts";
import { fundedWallet, memo, signedTransaction } from "../../../_support/solana_transactions.ts";
import { type LocalChain, startLocalChain } from "../../../_support/local_chain.ts";

const SYSTEM_PROGRAM = "11111111111111111111111111111111";

/** Lands one unrelated transaction, so the chain moves on by one slot. */
async function nextSlot(cluster: LocalChain): Promise<void> {
  const payer = await fundedWallet(cluster.local);
  await cluster.send(await signedTransaction(cluster.local, payer, [memo("next slot")]));
}

Deno.test("explainTransaction() reports a succeeded transaction pending while processed or confirmed, and landed_success once final", async () => {
  const cluster = await startLocalChain({ seedHistory: false, finalityLagSlots: 2 });
  try {
    const sender = await fundedWallet(cluster.local);
    const receiver = (await generateKeyPairSigner()).address;
    await cluster.local.fund(receiver, { lamports: 1_000_000n });
    const signature = await cluster.send(
      await signedTransaction(cluster.local, sender, [
        getTransferSolInstruction({ source: sender, destination: receiver, amount: 5_000n }),
      ]),
    );
    const slot = Number(cluster.local.chain.slot);

    // Processed: getTransaction (confirmed) does not have it yet, only the status cache does.
    const processed = await explainTransaction(cluster.client, { signature });
    assert.equal(processed.landedState, "pending");
    assert.equal(processed.commitment, "processed");
    assert.equal(processed.slot, slot);
    assert.equal(processed.failureClass, "pending");
    assert.equal(processed.nextAction.action, "check_status");
    assert.deepEqual(processed.instructions, []);
    assert.match(processed.summary, /processed in slot \d+ but is not final yet/);

    // Confirmed: the details are there, but it is still not final.
    await nextSlot(cluster);
    const confirmed = await explainTransaction(cluster.client, { signature });
    assert.equal(confirmed.landedState, "pending");
    assert.equal(confirmed.commitment, "confirmed");
    assert.equal(confirmed.slot, slot);
    assert.equal(confirmed.failureClass, "none");
    assert.equal(confirmed.feePayer, sender.address);
    assert.deepEqual(confirmed.instructions.map((ix) => [ix.program, ix.name]), [[
      SYSTEM_PROGRAM,
      "Transfer",
    ]]);
    assert.match(confirmed.summary, /not final yet/);

    // Finalized: landed, and the pending answers were not cached.
    await nextSlot(cluster);
    const final = await explainTransaction(cluster.client, { signature });
    assert.equal(final.landedState, "landed_success");
    assert.equal(final.commitment, "finalized");
    assert.equal(final.slot, slot);
    assert.equal(final.failureClass, "none");
    assert.doesNotMatch(final.summary, /not final yet/);
  } finally {
    await cluster.close();
  }
});

Deno.test("explainTransaction() reports a failed transaction pending with its failure until final, then landed_failed", async () => {
  const cluster = await startLocalChain({ seedHistory: false, finalityLagSlots: 2 });
  try {
    const sender = await fundedWallet(cluster.local, { lamports: 10_000_000n });
    const receiver = (await generateKeyPairSigner()).address;
    await cluster.local.fund(receiver, { lamports: 1_000_000n });
    const signature = await cluster.send(
      await signedTransaction(cluster.local, sender, [
        getTransferSolInstruction({ source: sender, destination: receiver, amount: 1_000_000_000n }),
      ]),
    );

    const processed = await explainTransaction(cluster.client, { signature });
    assert.equal(processed.landedState, "pending");
    assert.equal(processed.commitment, "processed");
    assert.deepEqual(processed.rawError, { InstructionError: [0, { Custom: 1 }] });
    // Only the status is known yet: the error, but not which program raised it.
    assert.equal(processed.failureClass, "program_error");
    assert.equal(processed.failure?.program, null);
    assert.equal(processed.failure?.confidence, "low");
    assert.equal(processed.nextAction.action, "check_status");
    assert.match(processed.summary, /not final yet and it failed/);

    await nextSlot(cluster);
    const confirmed = await explainTransaction(cluster.client, { signature });
    assert.equal(confirmed.landedState, "pending");
    assert.equal(confirmed.commitment, "confirmed");
    assert.equal(confirmed.failureClass, "insufficient_funds");
    assert.equal(confirmed.failure?.program, SYSTEM_PROGRAM);
    assert.equal(confirmed.failure?.errorName, "ResultWithNegativeLamports");
    assert.equal(confirmed.nextAction.action, "add_funds");

    await nextSlot(cluster);
    const final = await explainTransaction(cluster.client, { signature });
    assert.equal(final.landedState, "landed_failed");
    assert.equal(final.commitment, "finalized");
    assert.equal(final.failureClass, "insufficient_funds");
  } finally {
    await cluster.close();
  }
});
