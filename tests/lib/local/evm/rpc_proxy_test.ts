import assert from "node:assert/strict";
import { parseEther } from "viem";
import { startLocalEvm } from "../../../../lib/local/evm/chain.ts";
import { createRpcProxy, MAX_BATCH } from "../../../../lib/local/evm/rpc_proxy.ts";
import { connect, newAccount } from "./_clients.ts";

Deno.test("LocalEvm.handleRpc() proxies standard methods and refuses the rest", async (t) => {
  const evm = await startLocalEvm();
  try {
    const { publicClient, testClient } = connect(evm.rpcUrl);

    await t.step("a single call comes back with the caller's id", async () => {
      assert.deepEqual(await evm.handleRpc({ jsonrpc: "2.0", id: "a", method: "eth_chainId", params: [] }), {
        jsonrpc: "2.0",
        id: "a",
        result: "0x14a34",
      });
    });

    await t.step("anvil_* state rewrites are refused and change nothing", async () => {
      const target = newAccount().address;
      const reply = await evm.handleRpc({
        jsonrpc: "2.0",
        id: 7,
        method: "anvil_setBalance",
        params: [target, "0xffffffffffff"],
      });
      assert.deepEqual(reply, {
        jsonrpc: "2.0",
        id: 7,
        error: { code: -32601, message: 'Method "anvil_setBalance" is not available on the local EVM chain' },
      });
      assert.equal(await publicClient.getBalance({ address: target }), 0n);
    });

    await t.step("a batch keeps order and mixes results with per-call errors", async () => {
      const replies = await evm.handleRpc([
        { jsonrpc: "2.0", id: 1, method: "eth_blockNumber" },
        { jsonrpc: "2.0", id: 2, method: "evm_mine", params: [] },
        "junk",
        { jsonrpc: "1.0", id: 4, method: "eth_chainId" },
        { jsonrpc: "2.0", id: 5, method: "eth_getCode", params: ["0xnot-an-address", "latest"] },
        { jsonrpc: "2.0", id: 6, method: "eth_chainId", params: [] },
      ]) as Array<{ id: unknown; result?: unknown; error?: { code: number; message: string } }>;
      assert.equal(replies.length, 6);
      assert.deepEqual(replies.map((reply) => reply.id), [1, 2, null, 4, 5, 6]);
      assert.match(String(replies[0]?.result), /^0x[0-9a-f]+$/);
      assert.equal(replies[1]?.error?.code, -32601);
      assert.equal(replies[2]?.error?.code, -32600);
      assert.equal(replies[3]?.error?.message, 'Invalid request: "jsonrpc" must be "2.0"');
      assert.ok(replies[4]?.error, "anvil's own error for a malformed address is passed through");
      assert.equal(replies[5]?.result, "0x14a34");
    });

    await t.step("an empty or oversized batch is one invalid-request error", async () => {
      assert.deepEqual(await evm.handleRpc([]), {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid request: empty batch" },
      });
      const big = Array.from(
        { length: MAX_BATCH + 1 },
        (_, id) => ({ jsonrpc: "2.0", id, method: "eth_chainId" }),
      );
      assert.equal(
        (await evm.handleRpc(big) as { error: { message: string } }).error.message,
        `Invalid request: batch of ${MAX_BATCH + 1} calls is over the limit of ${MAX_BATCH}`,
      );
    });

    await t.step("a malformed body is an error object, not a throw", async () => {
      for (
        const body of [null, 42, "eth_chainId", { jsonrpc: "2.0", id: 1 }, {
          jsonrpc: "2.0",
          id: {},
          method: "x",
        }]
      ) {
        const reply = await evm.handleRpc(body) as { error?: { code: number } };
        assert.equal(reply.error?.code, -32600, JSON.stringify(body));
      }
      const badParams = await evm.handleRpc({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: "x" });
      assert.equal((badParams as { error: { code: number } }).error.code, -32602);
    });

    await t.step("a signed raw transaction is broadcast and its receipt read back", async () => {
      const sender = newAccount();
      await testClient.setBalance({ address: sender.address, value: parseEther("1") });
      const recipient = newAccount().address;
      const raw = await sender.signTransaction({
        chainId: 84532,
        type: "eip1559",
        to: recipient,
        value: 12345n,
        nonce: 0,
        gas: 21000n,
        maxFeePerGas: 10_000_000_000n,
        maxPriorityFeePerGas: 1n,
      });
      const sent = await evm.handleRpc({
        jsonrpc: "2.0",
        id: 1,
        method: "eth_sendRawTransaction",
        params: [raw],
      });
      const hash = (sent as { result: string }).result;
      assert.match(hash, /^0x[0-9a-f]{64}$/);
      // Anvil mines at once, but the receipt may be indexed a moment later: poll as any client would
      // (for up to ten seconds, as a loaded machine's Anvil can be slow to get there).
      let receipt: { result: { status: string } | null } = { result: null };
      for (let attempt = 0; attempt < 200 && !receipt.result; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        receipt = await evm.handleRpc({
          jsonrpc: "2.0",
          id: 2,
          method: "eth_getTransactionReceipt",
          params: [hash],
        }) as { result: { status: string } | null };
      }
      assert.equal(receipt.result?.status, "0x1");
      assert.equal(await publicClient.getBalance({ address: recipient }), 12345n);
    });
  } finally {
    await evm.stop();
  }

  await t.step("after stop() every call is a JSON-RPC error", async () => {
    assert.deepEqual(await evm.handleRpc({ jsonrpc: "2.0", id: 1, method: "eth_chainId" }), {
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32603, message: "Local EVM chain unavailable: the node is stopped" },
    });
  });
});

Deno.test("createRpcProxy() turns an unreachable, slow or garbled node into JSON-RPC errors", async () => {
  const call = { jsonrpc: "2.0", id: 9, method: "eth_chainId" };
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const closedUrl = `http://127.0.0.1:${(closed.addr as Deno.NetAddr).port}`;
  closed.close();
  assert.deepEqual(await createRpcProxy(closedUrl)(call), {
    jsonrpc: "2.0",
    id: 9,
    error: { code: -32603, message: "Local EVM chain unavailable: the node is unreachable" },
  });

  const release = Promise.withResolvers<void>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    if (new URL(request.url).pathname === "/slow") await release.promise;
    return new Response("<html>not json</html>");
  });
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    assert.deepEqual(await createRpcProxy(`${base}/garbled`)([call]), [{
      jsonrpc: "2.0",
      id: 9,
      error: { code: -32603, message: "Local EVM chain unavailable: the node sent a malformed answer" },
    }]);
    assert.deepEqual(await createRpcProxy(`${base}/slow`, { timeoutMs: 100 })(call), {
      jsonrpc: "2.0",
      id: 9,
      error: { code: -32603, message: "Local EVM chain unavailable: no answer within 100 ms" },
    });
  } finally {
    release.resolve();
    await server.shutdown();
  }
});
