/**
 * Malformed JSON-RPC sent to the MCP endpoint gets the error code the
 * JSON-RPC 2.0 spec gives it, with a JSON body, and never reaches a tool.
 */
import assert from "node:assert/strict";
import { startTestService } from "../_support/service.ts";

const HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
  "MCP-Protocol-Version": "2025-11-25",
};

Deno.test("[adversarial] MCP: malformed JSON-RPC bodies get their JSON-RPC error codes", async (t) => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  const post = (body: string) => fetch(`${service.base}/mcp`, { method: "POST", headers: HEADERS, body });
  const expectError = async (body: string, status: number, code: number, id: unknown = null) => {
    const response = await post(body);
    const text = await response.text();
    assert.equal(response.status, status, text);
    assert.match(response.headers.get("Content-Type") ?? "", /^application\/json/);
    const answer = JSON.parse(text);
    assert.equal(answer.jsonrpc, "2.0", text);
    assert.equal(answer.id, id, text);
    assert.equal(answer.error.code, code, text);
    assert.equal(typeof answer.error.message, "string");
    return answer;
  };
  try {
    await t.step("a body that is not JSON is a parse error (-32700)", async () => {
      await expectError('{"jsonrpc":"2.0",', 400, -32700);
    });

    await t.step(
      'a request without "jsonrpc" is an invalid request (-32600), not a parse error',
      async () => {
        await expectError(JSON.stringify({ id: 1, method: "tools/list" }), 400, -32600, 1);
        await expectError(JSON.stringify({ jsonrpc: "1.0", id: 2, method: "tools/list" }), 400, -32600, 2);
      },
    );

    await t.step("a JSON value that is not a message is an invalid request (-32600)", async () => {
      for (const body of ["42", '"tools/list"', "null", "[1]"]) {
        const response = await post(body);
        const answer = await response.json();
        assert.equal(response.status, 400, body);
        assert.equal((Array.isArray(answer) ? answer[0] : answer).error.code, -32600, body);
      }
    });

    await t.step("an empty batch is an invalid request (-32600) with a body, not a bare 202", async () => {
      await expectError("[]", 400, -32600);
    });

    await t.step(
      'tools/call with "arguments" as an array is invalid params (-32602) with its id',
      async () => {
        const call = {
          jsonrpc: "2.0",
          id: 7,
          method: "tools/call",
          params: { name: "chain_priority_fees", arguments: ["JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4"] },
        };
        const answer = await expectError(JSON.stringify(call), 200, -32602, 7);
        assert.match(answer.error.message, /^Invalid params/);
      },
    );

    await t.step("tools/call without a tool name is invalid params (-32602)", async () => {
      const call = { jsonrpc: "2.0", id: "a", method: "tools/call", params: { arguments: {} } };
      await expectError(JSON.stringify(call), 200, -32602, "a");
    });

    await t.step("well-formed requests and notifications still work", async () => {
      const list = await post(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }));
      assert.equal(list.status, 200);
      assert.ok((await list.json()).result.tools.length > 0);
      const notification = await post(
        JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      );
      assert.equal(notification.status, 202);
      await notification.body?.cancel();
      const unknown = await post(JSON.stringify({ jsonrpc: "2.0", id: 4, method: "no/such/method" }));
      assert.equal((await unknown.json()).error.code, -32601);
    });

    await t.step("wrong Accept and Content-Type keep the transport's 406 and 415", async () => {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/list" });
      const noAccept = await fetch(`${service.base}/mcp`, {
        method: "POST",
        headers: { ...HEADERS, Accept: "application/json" },
        body,
      });
      assert.equal(noAccept.status, 406);
      await noAccept.body?.cancel();
      const text = await fetch(`${service.base}/mcp`, {
        method: "POST",
        headers: { ...HEADERS, "Content-Type": "text/plain" },
        body,
      });
      assert.equal(text.status, 415);
      await text.body?.cancel();
    });
  } finally {
    await service.close();
  }
});
