/**
 * The MCP endpoints at the HTTP level, against the real service in local
 * mode: methods, Origin checks, protocol-version negotiation, body caps and
 * notifications, with raw `fetch` so every status and header is visible.
 */
import assert from "node:assert/strict";
import { buildToolset } from "../../mcp/tools.ts";
import { registry } from "../../app.ts";
import { catalogOf } from "../../lib/operation/mod.ts";
import { startTestService } from "../_support/service.ts";

const ALLOWED = "https://console.example.org";
const MCP_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

function initialize(protocolVersion: string) {
  return {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion, capabilities: {}, clientInfo: { name: "http-test", version: "1.0.0" } },
  };
}

Deno.test("[e2e] MCP over HTTP: methods, origins, protocol versions, body caps, notifications", async (t) => {
  const service = await startTestService({ env: { ALLOWED_ORIGINS: ALLOWED } });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(service.base + path, {
      method: "POST",
      headers: { ...MCP_HEADERS, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  try {
    await t.step("GET, DELETE and PUT answer 405 with Allow: POST on both endpoints", async () => {
      for (const path of ["/mcp", "/alt/mcp"]) {
        for (const method of ["GET", "DELETE", "PUT"]) {
          const response = await fetch(service.base + path, {
            method,
            headers: { Accept: "text/event-stream" },
          });
          assert.equal(response.status, 405, `${method} ${path}`);
          assert.equal(response.headers.get("Allow"), "POST, OPTIONS");
          const body = await response.json();
          assert.equal(body.jsonrpc, "2.0");
          assert.match(body.error.message, new RegExp(`Method ${method} not allowed on ${path}: use POST`));
        }
      }
    });

    await t.step(
      "a foreign Origin is refused with 403; loopback and ALLOWED_ORIGINS are served",
      async () => {
        for (const origin of ["http://evil.example.com", "null", "https://console.example.org.evil.com"]) {
          const response = await post("/mcp", initialize("2025-11-25"), { Origin: origin });
          assert.equal(response.status, 403, origin);
          assert.match((await response.json()).error.message, /^Forbidden origin/);
        }
        for (const origin of [ALLOWED, "http://localhost:5173", service.base]) {
          const response = await post("/alt/mcp", initialize("2025-11-25"), { Origin: origin });
          assert.equal(response.status, 200, origin);
          assert.equal((await response.json()).result.serverInfo.version, "0.1.0");
        }
        const preflight = await fetch(`${service.base}/mcp`, {
          method: "OPTIONS",
          headers: { Origin: ALLOWED, "Access-Control-Request-Method": "POST" },
        });
        await preflight.body?.cancel();
        assert.equal(preflight.status, 204);
        assert.match(preflight.headers.get("Access-Control-Allow-Headers") ?? "", /MCP-Protocol-Version/);
      },
    );

    await t.step("initialize answers the negotiated version in MCP-Protocol-Version", async () => {
      const older = await post("/mcp", initialize("2025-06-18"));
      assert.equal((await older.json()).result.protocolVersion, "2025-06-18");
      assert.equal(older.headers.get("MCP-Protocol-Version"), "2025-06-18");
      const future = await post("/mcp", initialize("2099-01-01"));
      const latest = (await future.json()).result.protocolVersion;
      assert.notEqual(latest, "2099-01-01");
      assert.equal(future.headers.get("MCP-Protocol-Version"), latest);
    });

    await t.step("later requests: a supported version is echoed, an unsupported one is a 400", async () => {
      const list = { jsonrpc: "2.0", id: 2, method: "tools/list" };
      const ok = await post("/mcp", list, { "MCP-Protocol-Version": "2025-06-18" });
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get("MCP-Protocol-Version"), "2025-06-18");
      assert.ok((await ok.json()).result.tools.length > 0);
      const bad = await post("/mcp", list, { "MCP-Protocol-Version": "1999-01-01" });
      assert.equal(bad.status, 400);
      assert.match((await bad.json()).error.message, /Unsupported protocol version: 1999-01-01/);
    });

    await t.step("a notification answers 202; malformed JSON answers a JSON-RPC parse error", async () => {
      const notification = await post("/mcp", { jsonrpc: "2.0", method: "notifications/initialized" });
      assert.equal(notification.status, 202);
      await notification.body?.cancel();
      const malformed = await post("/mcp", "{not json");
      assert.equal(malformed.status, 400);
      assert.equal((await malformed.json()).error.code, -32700);
    });

    await t.step("tool arguments over the tool's cap are a tool error, before any payment", async () => {
      const call = {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "chain_priority_fees", arguments: { account: ["x".repeat(70 * 1024)] } },
      };
      const body = await (await post("/mcp", call)).json();
      assert.equal(body.result.isError, true);
      assert.match(body.result.content[0].text, /^Tool arguments too large: \d+ bytes as JSON/);
      assert.equal(body.result.structuredContent, undefined);
    });

    await t.step("a request body over the endpoint's cap is refused with 413 while streaming", async () => {
      const endpoint = catalogOf(registry, service.runtime.rails).mcpEndpoints.find((e) =>
        e.path === "/mcp"
      )!;
      const cap = buildToolset(endpoint, service.runtime.services).maxBodyBytes;
      const chunk = new Uint8Array(1024 * 1024).fill(0x20);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > cap + chunk.byteLength) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const response = await fetch(`${service.base}/mcp`, {
        method: "POST",
        headers: MCP_HEADERS,
        body: stream,
      });
      assert.equal(response.status, 413);
      assert.match((await response.json()).error.message, new RegExp(`must not exceed ${cap} bytes`));
    });
  } finally {
    await service.close();
  }
});
