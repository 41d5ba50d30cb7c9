import assert from "node:assert/strict";
import type { LocalSolana } from "../../../lib/local/solana/local_solana.ts";
import { chainBlockhash, polledBlockhash } from "../../../lib/payments/recent_blockhash.ts";
import { createLocalSolana } from "../../../lib/local/solana/local_solana.ts";
import { createSolanaClient, latestBlockhash } from "../../../lib/solana/rpc.ts";
import { freePort } from "../../_support/service.ts";
import { fundedWallet, memo, signedTransaction } from "../../_support/solana_transactions.ts";
import { until } from "../../_support/until.ts";

/** Lands one transaction: the chain makes a new block, with a new blockhash. */
async function landOne(solana: LocalSolana): Promise<void> {
  const wallet = await fundedWallet(solana);
  const { err } = solana.execute(await signedTransaction(solana, wallet, [memo("next block")]));
  assert.equal(err, null);
}

Deno.test("chainBlockhash() offers the chain's newest blockhash, the same object until the chain moves on", async () => {
  const solana = await createLocalSolana({ seedHistory: false });
  const source = chainBlockhash(() => solana.chain.latestBlockhash(), { refreshAfterBlocks: 1 });
  const first = source()!;
  const latest = solana.chain.latestBlockhash();
  assert.deepEqual(first, {
    recentBlockhash: latest.blockhash,
    lastValidBlockHeight: latest.lastValidBlockHeight.toString(),
  });
  assert.equal(source(), first, "unchanged: the very same object");
  await landOne(solana);
  const next = source()!;
  assert.notEqual(next.recentBlockhash, first.recentBlockhash, "a landed transaction makes a new block");
  assert.equal(next.recentBlockhash, solana.chain.latestBlockhash().blockhash);
});

Deno.test("chainBlockhash() keeps its offer for a few blocks or seconds, then offers the newest", async () => {
  const solana = await createLocalSolana({ seedHistory: false });
  let clock = 0;
  const source = chainBlockhash(() => solana.chain.latestBlockhash(), {
    refreshAfterBlocks: 3,
    refreshAfterMs: 1_000,
    now: () => clock,
  });
  const first = source()!;
  await landOne(solana);
  await landOne(solana);
  assert.equal(source(), first, "two blocks on, within the second: the same offer, the same object");
  assert.ok(solana.chain.isBlockhashValid(first.recentBlockhash), "and the chain still lands it");
  await landOne(solana);
  const third = source()!;
  assert.equal(
    third.recentBlockhash,
    solana.chain.latestBlockhash().blockhash,
    "three blocks on: the newest",
  );
  await landOne(solana);
  assert.equal(source(), third);
  clock = 1_000;
  assert.equal(
    source()!.recentBlockhash,
    solana.chain.latestBlockhash().blockhash,
    "a second on: the newest",
  );
});

Deno.test("polledBlockhash() fetches on first use, refreshes in the background once stale, drops what is too old", async () => {
  const solana = await createLocalSolana({ seedHistory: false });
  const client = createSolanaClient("local:solana", { handler: (payload) => solana.handleRpc(payload) });
  let clock = 0;
  let fetches = 0;
  const source = polledBlockhash(() => {
    fetches++;
    return latestBlockhash(client);
  }, { refreshAfterMs: 1_000, dropAfterMs: 5_000, now: () => clock });

  assert.equal(source(), undefined, "nothing known yet: the first offer goes without, never waiting");
  // Asking again while that fetch runs starts no other (counted below).
  await until(() => source() !== undefined, "the first fetch");
  const first = source()!;
  assert.equal(first.recentBlockhash, solana.chain.latestBlockhash().blockhash);
  assert.equal(fetches, 1);

  await landOne(solana);
  clock = 500;
  assert.equal(source(), first, "still fresh: offered as it is, no fetch");
  assert.equal(fetches, 1);
  clock = 1_500;
  assert.equal(source(), first, "stale: still offered while a newer one is fetched");
  assert.equal(source(), first);
  assert.equal(fetches, 2, "one fetch at a time");
  await until(() => source() !== first, "the refresh");
  assert.equal(fetches, 2, "still one fetch at a time");
  const second = source()!;
  assert.equal(second.recentBlockhash, solana.chain.latestBlockhash().blockhash);
  assert.notEqual(second.recentBlockhash, first.recentBlockhash);

  clock = 1_500 + 5_000;
  assert.equal(source(), undefined, "too old to offer");
});

Deno.test("polledBlockhash() offers nothing while the RPC cannot be reached, and tries again later", async () => {
  const port = freePort(); // nothing listens there
  const client = createSolanaClient(`http://127.0.0.1:${port}`, { timeoutMs: 2_000 });
  let clock = 0;
  let attempts = 0;
  let failed = 0;
  const source = polledBlockhash(() => {
    attempts++;
    return latestBlockhash(client).catch((error) => {
      failed++;
      throw error;
    });
  }, { refreshAfterMs: 1_000, now: () => clock });
  assert.equal(source(), undefined);
  await until(() => failed === 1, "the first fetch to fail");
  assert.equal(source(), undefined, "the failed fetch left nothing behind");
  assert.equal(attempts, 1, "and is not tried again at once");
  clock = 2_000;
  assert.equal(source(), undefined);
  assert.equal(attempts, 2, "a later offer tries again");
  await until(() => failed === 2, "the second fetch to fail");
});
