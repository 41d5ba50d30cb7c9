import assert from "node:assert/strict";
import { getSignatureFromTransaction } from "@solana/kit";
import { createLocalSolana } from "../../../../lib/local/solana/local_solana.ts";
import {
  fundedWallet,
  signedTransaction,
  usdcTransfer,
  wire,
} from "../../../_support/solana_transactions.ts";
import { rpc } from "../../../_support/local_chain.ts";

/** A USDC payment simulated, then something or nothing written, then sent: what its ledger entry says it started from. */
async function sentAfterSimulation(writeBetween: boolean) {
  const local = await createLocalSolana({ seedHistory: false });
  const buyer = await fundedWallet(local, { lamports: 1_000_000_000n, usdc: 5_000_000n });
  const seller = await fundedWallet(local, { usdc: 0n });
  const transaction = await signedTransaction(local, buyer, [usdcTransfer(buyer, seller.address, 1_000n)]);
  const simulated = await rpc(local, "simulateTransaction", [wire(transaction), { encoding: "base64" }]);
  assert.equal(simulated.result.value.err, null);
  if (writeBetween) await local.fund(buyer.address, { lamports: 7n, usdc: 11n });
  await rpc(local, "sendTransaction", [wire(transaction), { encoding: "base64", skipPreflight: true }]);
  const landed = await rpc(local, "getTransaction", [getSignatureFromTransaction(transaction), {
    encoding: "json",
    commitment: "confirmed",
    maxSupportedTransactionVersion: 0,
  }]);
  return { simulated: simulated.result.value, meta: landed.result.meta };
}

Deno.test("a payment sent right after its simulation starts from the balances the simulation read", async () => {
  const { simulated, meta } = await sentAfterSimulation(false);
  assert.deepEqual(meta.preBalances, simulated.preBalances);
  assert.deepEqual(meta.preTokenBalances, simulated.preTokenBalances);
  assert.deepEqual(meta.postTokenBalances, simulated.postTokenBalances);
});

Deno.test("a payment sent after an account was written starts from the balances as written", async () => {
  const { simulated, meta } = await sentAfterSimulation(true);
  assert.equal(meta.preBalances[0], simulated.preBalances[0] + 7, "the fee payer's airdrop is seen");
  const amount = (balances: { accountIndex: number; uiTokenAmount: { amount: string } }[], index: number) =>
    BigInt(balances.find((entry) => entry.accountIndex === index)!.uiTokenAmount.amount);
  const source =
    simulated.preTokenBalances.find((entry: { uiTokenAmount: { amount: string } }) =>
      entry.uiTokenAmount.amount === "5000000"
    ).accountIndex;
  assert.equal(amount(meta.preTokenBalances, source), 5_000_011n, "the minted USDC is seen");
  assert.equal(amount(meta.postTokenBalances, source), 5_000_011n - 1_000n);
});
