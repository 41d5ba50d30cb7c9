import assert from "node:assert/strict";
import { fetchMint } from "@solana-program/token-2022";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  createSolanaRpc,
  fetchEncodedAccount,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  lamports,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
} from "@solana/kit";
import {
  createInProcessRpc,
  createLocalSolana,
  LOCAL_USDC_MINT,
} from "../../../../lib/local/solana/local_solana.ts";
import { createSolanaClient } from "../../../../lib/solana/rpc.ts";
import { TOKEN_PROGRAM } from "../../../../lib/local/solana/token_accounts.ts";
import { fundedWallet, signedTransaction } from "../../../_support/solana_transactions.ts";
import { serveLoopback } from "../../../_support/local_chain.ts";

Deno.test("a kit client over loopback HTTP reads mints and accounts, sends, and reads back the transaction", async () => {
  const local = await createLocalSolana();
  const server = serveLoopback(local);
  try {
    const rpc = createSolanaRpc(server.url);
    const mint = await fetchMint(rpc, LOCAL_USDC_MINT);
    assert.equal(mint.programAddress, TOKEN_PROGRAM);
    assert.equal(mint.data.decimals, 6);

    const payer = await fundedWallet(local, { lamports: 2_000_000_000n });
    const recipient = (await generateKeyPairSigner()).address;
    const { value: latest } = await rpc.getLatestBlockhash({ commitment: "finalized" }).send();
    assert.equal(latest.lastValidBlockHeight, local.chain.blockHeight + 150n);
    const transaction = await signedTransaction(local, payer, [
      getTransferSolInstruction({ source: payer, destination: recipient, amount: lamports(1_000_000n) }),
    ]);
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), {
      encoding: "base64",
      preflightCommitment: "confirmed",
    }).send();
    assert.equal(signature, getSignatureFromTransaction(transaction));

    const { value: [status] } = await rpc.getSignatureStatuses([signature]).send();
    assert.equal(status?.confirmationStatus, "finalized");
    assert.equal(status?.err, null);
    const landed = await rpc.getTransaction(signature, {
      encoding: "json",
      maxSupportedTransactionVersion: 0,
    }).send();
    assert.equal(landed?.slot, local.chain.slot);
    assert.equal(landed?.meta?.fee, 5_000n);
    assert.equal(landed?.version, 0);
    const account = await fetchEncodedAccount(rpc, recipient);
    assert.ok(account.exists);
    assert.equal(account.lamports, 1_000_000n);
    assert.equal((await rpc.getBalance(recipient).send()).value, 1_000_000n);
  } finally {
    await server.close();
  }
});

Deno.test("the service's own Solana client batches calls against the loopback dispatcher", async () => {
  const local = await createLocalSolana();
  const server = serveLoopback(local);
  try {
    const client = createSolanaClient(server.url);
    const outcomes = await client.batch([
      { method: "getSlot", params: [] },
      { method: "getRecentPrioritizationFees", params: [] },
      { method: "getAccountInfo", params: ["not-an-address"] },
    ]);
    assert.deepEqual(outcomes[0], { ok: true, result: Number(local.chain.slot) });
    assert.equal(outcomes[1]?.ok && Array.isArray(outcomes[1].result) && outcomes[1].result.length, 8);
    assert.deepEqual(outcomes[2], { ok: false, error: { code: -32602, message: "Invalid param: Invalid" } });
    assert.equal(client.stats.roundTrips, 1);
  } finally {
    await server.close();
  }
});

Deno.test("createInProcessRpc() gives a kit client without HTTP that surfaces RPC errors as kit errors", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const rpc = createInProcessRpc(local);
  assert.equal(await rpc.getSlot().send(), local.chain.slot);
  assert.equal((await rpc.getTokenSupply(LOCAL_USDC_MINT).send()).value.decimals, 6);
  await assert.rejects(
    rpc.getTokenSupply((await generateKeyPairSigner()).address).send(),
    (error) => {
      assert.ok(isSolanaError(error, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS));
      assert.equal(error.context.__serverMessage, "Invalid param: not a Token mint");
      return true;
    },
  );
  const aborted = new AbortController();
  aborted.abort();
  await assert.rejects(rpc.getSlot().send({ abortSignal: aborted.signal }));
});
