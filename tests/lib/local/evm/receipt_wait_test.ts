/**
 * The local chain's wait for a receipt, against a real Anvil making blocks
 * only when told to: a receipt that lands while the wait's first lookup is
 * still on its way back is found by the next lookup, while another wait on
 * the same clients is running — the case where viem's shared block watcher
 * had already seen the block and the wait heard of none after it.
 *
 * @module
 */
import assert from "node:assert/strict";
import { generatePrivateKey } from "viem/accounts";
import { WaitForTransactionReceiptTimeoutError } from "viem";
import { LOCAL_EVM_CHAIN_ID, startLocalEvm } from "../../../../lib/local/evm/chain.ts";
import { createClients } from "../../../../lib/local/evm/clients.ts";
import { connect, newAccount } from "./_clients.ts";

/**
 * A loopback JSON-RPC relay to `target` that holds the answer to the first
 * `eth_getTransactionReceipt` of `hash` until {@linkcode Relay.release}.
 */
function relay(target: string) {
  let held:
    | { hash: string; answered: PromiseWithResolvers<void>; release: PromiseWithResolvers<void> }
    | undefined;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const body = await request.text();
    const answer =
      await (await fetch(target, { method: "POST", body, headers: { "content-type": "application/json" } }))
        .text();
    const call = JSON.parse(body);
    if (held && call.method === "eth_getTransactionReceipt" && call.params?.[0] === held.hash) {
      const { answered, release } = held;
      held = undefined;
      answered.resolve();
      await release.promise;
    }
    return new Response(answer, { headers: { "content-type": "application/json" } });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    /** Holds the next receipt answer for `hash`; resolves once that answer is in hand. */
    hold(hash: string) {
      held = { hash, answered: Promise.withResolvers(), release: Promise.withResolvers() };
      const { answered, release } = held;
      return { answered: answered.promise, release: () => release.resolve() };
    },
    close: () => server.shutdown(),
  };
}

Deno.test("a receipt mined while the wait's first lookup is on its way back is found", async () => {
  const evm = await startLocalEvm();
  const proxy = relay(evm.rpcUrl);
  const chain = connect(evm.rpcUrl);
  try {
    const clients = createClients(proxy.url, LOCAL_EVM_CHAIN_ID, {
      minter: generatePrivateKey(),
      facilitator: generatePrivateKey(),
    });
    const sender = await chain.wallet(newAccount());
    await chain.testClient.setAutomine(false);

    const neverMined = `0x${"ab".repeat(32)}` as const;
    const other = clients.receipt(neverMined, 1_500).catch((error: unknown) => error);
    const hash = await sender.sendTransaction({ to: newAccount().address, value: 1n });
    const held = proxy.hold(hash);
    const waited = clients.receipt(hash, 1_500);
    await held.answered; // the lookup found nothing: the transaction is still pending
    await chain.testClient.mine({ blocks: 1 });
    await new Promise((resolve) => setTimeout(resolve, 150)); // the other wait sees the new block
    held.release();

    const receipt = await waited;
    assert.equal(receipt.transactionHash, hash);
    assert.equal(receipt.status, "success");
    assert.ok(await other instanceof WaitForTransactionReceiptTimeoutError);
  } finally {
    await chain.testClient.setAutomine(true).catch(() => {});
    await proxy.close();
    await evm.stop();
  }
});
