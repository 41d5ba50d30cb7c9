/**
 * The repair options are checked before payment: a bad `repair` or
 * `feeLevel` is a free 400 over HTTP (and a tool error over MCP, without a
 * payment request); a good one is priced like the plain call.
 */
import assert from "node:assert/strict";
import { callTool, connectMcp, paymentRequiredOf } from "../../../../lib/buyer/mcp_client.ts";
import explain from "../../../../routes/v1/transaction/[signature].ts";
import simulate from "../../../../routes/v1/transaction/simulate.ts";
import { startTestService } from "../../../_support/service.ts";

const SIGNATURE = explain.example!.signature as string;

Deno.test("repair options are refused before payment when malformed and priced when well formed", async () => {
  const service = await startTestService();
  const mcp = await connectMcp(`${service.base}/mcp`);
  try {
    const refusedGet = async (query: string, message: string) => {
      const response = await fetch(`${service.base}/v1/transaction/${SIGNATURE}?${query}`);
      assert.equal(response.status, 400, query);
      assert.equal(response.headers.get("PAYMENT-REQUIRED"), null);
      const body = await response.json();
      assert.ok(String(body.error).includes(message), body.error);
      assert.equal(typeof body.requestId, "string");
    };
    await refusedGet("repair=yes", 'Invalid repair "yes": expected true or false');
    await refusedGet("repair=true&feeLevel=fast", 'Invalid feeLevel "fast"');
    const priced = await fetch(`${service.base}/v1/transaction/${SIGNATURE}?repair=true&feeLevel=medium`);
    await priced.body?.cancel();
    assert.equal(priced.status, 402);

    const post = await fetch(`${service.base}/v1/transaction/simulate`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ transaction: simulate.example!.transaction, repair: { feeLevel: "urgent" } }),
    });
    assert.equal(post.status, 400);
    assert.equal(post.headers.get("PAYMENT-REQUIRED"), null);
    assert.ok(String((await post.json()).error).includes('Invalid feeLevel "urgent"'));

    const tool = await callTool(mcp, explain.id, { signature: SIGNATURE, repair: "yes" });
    assert.equal(tool.isError, true);
    assert.equal(paymentRequiredOf(tool), undefined);
    const pricedTool = await callTool(mcp, explain.id, { signature: SIGNATURE, repair: true });
    assert.ok(paymentRequiredOf(pricedTool), "a well-formed repair request is asked to pay");
  } finally {
    await mcp.close();
    await service.close();
  }
});
