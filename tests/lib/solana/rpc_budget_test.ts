import assert from "node:assert/strict";
import { createSolanaClient } from "../../../lib/solana/mod.ts";
import { UpstreamTimeoutError } from "../../../lib/shared/errors.ts";

Deno.test("a Solana RPC that does not answer within the budget is an UpstreamTimeoutError; one that does is answered", async () => {
  let hold = true;
  const waiting: (() => void)[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const { id } = await request.json();
    if (hold) await new Promise<void>((resolve) => waiting.push(resolve));
    return Response.json({ jsonrpc: "2.0", id, result: 42 });
  });
  try {
    const client = createSolanaClient(`http://127.0.0.1:${server.addr.port}`, { timeoutMs: 100 });
    const started = performance.now();
    await assert.rejects(
      client.call("getSlot", []),
      (error) => error instanceof UpstreamTimeoutError && /did not answer in time/.test(error.message),
    );
    assert.ok(performance.now() - started < 5_000);
    hold = false;
    assert.deepEqual(await client.call("getSlot", []), { ok: true, result: 42n });
  } finally {
    for (const release of waiting) release();
    await server.shutdown();
  }
});
