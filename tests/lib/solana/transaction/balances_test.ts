import assert from "node:assert/strict";
import {
  balanceChanges,
  snapshotFromAccounts,
  snapshotFromMeta,
} from "../../../../lib/solana/transaction/balances.ts";
import { LOCAL_USDC_MINT, usdcAccountOf } from "../../../../lib/local/solana/usdc.ts";
import { fundedWallet, signedTransaction, usdcTransfer } from "../../../_support/solana_transactions.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";

Deno.test("balanceChanges() sums token accounts per owner and mint and counts closed accounts as zero", () => {
  const owner = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
  const snapshot = snapshotFromMeta({
    preBalances: [10, 20, 30],
    postBalances: [10, 25, 0],
    preTokenBalances: [
      { accountIndex: 1, mint: "M", owner, uiTokenAmount: { amount: "100", decimals: 2 } },
      { accountIndex: 2, mint: "M", owner, uiTokenAmount: { amount: "50", decimals: 2 } },
    ],
    postTokenBalances: [{ accountIndex: 1, mint: "M", owner, uiTokenAmount: { amount: "120", decimals: 2 } }],
  }, ["a", "b", "c"]);
  assert.deepEqual(balanceChanges(snapshot), {
    sol: [
      { account: "b", preLamports: 20, postLamports: 25, deltaLamports: 5 },
      { account: "c", preLamports: 30, postLamports: 0, deltaLamports: -30 },
    ],
    tokens: [{
      owner,
      mint: "M",
      programId: null,
      decimals: 2,
      preAmount: "150",
      postAmount: "120",
      deltaAmount: "-30",
      deltaUi: "-0.3",
      tokenAccounts: ["b", "c"],
    }],
  });
});

Deno.test("snapshotFromAccounts() reads jsonParsed token accounts read before and after a transfer", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const sender = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 900n });
    const receiver = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 0n });
    const accounts = [usdcAccountOf(sender.address), usdcAccountOf(receiver.address), sender.address];
    const read = async () => {
      const [outcome] = await cluster.client.batch([
        { method: "getMultipleAccounts", params: [accounts, { encoding: "jsonParsed" }] },
      ]);
      return (outcome as { result: { value: unknown[] } }).result.value;
    };
    const before = await read();
    await cluster.send(
      await signedTransaction(cluster.local, sender, [usdcTransfer(sender, receiver.address, 400n)]),
    );
    const changes = balanceChanges(snapshotFromAccounts(accounts, before, await read()));
    assert.deepEqual(
      changes.tokens.map((t) => [t.owner, t.mint, t.deltaAmount, t.decimals]).sort(),
      [
        [receiver.address, LOCAL_USDC_MINT, "400", 6],
        [sender.address, LOCAL_USDC_MINT, "-400", 6],
      ].sort(),
    );
    assert.deepEqual(changes.sol.map((s) => [s.account, s.deltaLamports]), [[sender.address, -5000]]);
  } finally {
    await cluster.close();
  }
});
