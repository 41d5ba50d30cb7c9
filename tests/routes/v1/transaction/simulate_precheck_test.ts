/**
 * The simulate operation's decoding check runs before payment on both
 * transports, with its decoder loaded on first use: an undecodable
 * transaction is a free 400 (or MCP tool error), a decodable one gets the 402.
 */
import assert from "node:assert/strict";
import { callTool, connectMcp, paymentRequiredOf } from "../../../../lib/buyer/mcp_client.ts";
import operation from "../../../../routes/v1/transaction/simulate.ts";
import { startTestService } from "../../../_support/service.ts";

const UNDECODABLE =
  'Invalid input: "transaction": Invalid transaction: the 6 bytes are not a Solana transaction';

Deno.test("an undecodable transaction is refused before payment over HTTP and MCP; a decodable one is priced", async () => {
  const service = await startTestService();
  const mcp = await connectMcp(`${service.base}/mcp`);
  try {
    const post = (body: unknown) =>
      fetch(`${service.base}/v1/transaction/simulate`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const refused = await post({ transaction: "AAAAAAAA" });
    assert.equal(refused.status, 400);
    assert.equal(refused.headers.get("PAYMENT-REQUIRED"), null);
    const answer = await refused.json();
    assert.ok(answer.error.startsWith(UNDECODABLE), answer.error);
    assert.equal(typeof answer.requestId, "string");

    const priced = await post({ transaction: operation.example!.transaction });
    await priced.body?.cancel();
    assert.equal(priced.status, 402);

    const tool = await callTool(mcp, operation.id, { transaction: "AAAAAAAA" });
    assert.equal(tool.isError, true);
    assert.equal(paymentRequiredOf(tool), undefined);
    assert.ok((tool.content[0] as { text: string }).text.startsWith(UNDECODABLE));
    const pricedTool = await callTool(mcp, operation.id, { transaction: operation.example!.transaction });
    assert.ok(paymentRequiredOf(pricedTool), "a decodable transaction is asked to pay");
  } finally {
    await mcp.close();
    await service.close();
  }
});
