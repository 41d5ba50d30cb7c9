/**
 * DNS rebinding and forged `Host` headers. A devnet-mode service (its
 * facilitator and RPC are a local-mode service's, over their HTTP APIs)
 * answers only to `PUBLIC_URL`'s host: a request for any other host — the
 * plain routes, `/healthz`, the MCP endpoint with a matching `Origin` — is
 * refused with 421 and a JSON error, and the URLs it writes never carry the
 * request's `Host`. Local mode keeps answering on loopback and refuses the rest.
 */
import assert from "node:assert/strict";
import { generateKeyPairSigner } from "@solana/kit";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { createApp } from "../../app.ts";
import { loadConfig } from "../../lib/server/config/load.ts";
import { silentLogger } from "../../lib/shared/log.ts";
import { startRuntime } from "../../lib/server/runtime.ts";
import { startTestService } from "../_support/service.ts";

const PUBLIC_URL = "https://diag.example.com";
const FEES = "/v1/fees/priority";
const MCP_INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "rebind", version: "1" } },
});
const MCP_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

async function assertMisdirected(response: Response, label: string): Promise<void> {
  const text = await response.text();
  assert.equal(response.status, 421, `${label}: ${text.slice(0, 200)}`);
  assert.doesNotMatch(text, /rebind\.example\/|https?:\/\/rebind/, `${label}: the host is echoed in a URL`);
  const body = JSON.parse(text);
  assert.match(
    typeof body.error === "string" ? body.error : body.error.message,
    /Misdirected request/,
    label,
  );
}

Deno.test("[adversarial] devnet: only PUBLIC_URL's host is served; rebinding Host and Origin are refused", async (t) => {
  const upstream = await startTestService({ env: { ALT_ROUTES: "off" } });
  const config = loadConfig({
    SERVICE_MODE: "devnet",
    PUBLIC_URL,
    ALT_ROUTES: "off",
    PAY_TO_SOLANA: (await generateKeyPairSigner()).address,
    FACILITATOR_URL: `${upstream.base}/local/facilitator`,
    SOLANA_RPC_URL: `${upstream.base}/local/solana`,
  });
  const runtime = await startRuntime(config, { log: silentLogger });
  const app = createApp(runtime);
  const request = (url: string, init: RequestInit = {}) => app.fetch(new Request(url, init));
  try {
    await t.step(
      "a route, /healthz and a free page for another host answer 421 with a JSON error",
      async () => {
        for (const path of [FEES, "/healthz", "/guides/how-to-pay", "/openapi.json"]) {
          await assertMisdirected(await request(`http://rebind.example${path}`), path);
        }
        await assertMisdirected(
          await request(`http://127.0.0.1:8000${FEES}`, { headers: { Host: "rebind.example:8000" } }),
          "Host header",
        );
      },
    );

    await t.step("the MCP endpoint with Host and Origin both rebind.example answers 421", async () => {
      const response = await request("http://rebind.example/mcp", {
        method: "POST",
        headers: { ...MCP_HEADERS, Origin: "http://rebind.example" },
        body: MCP_INIT,
      });
      await assertMisdirected(response, "MCP");
    });

    await t.step("the public host is served; its 402 and guide links use PUBLIC_URL", async () => {
      const response = await request(`${PUBLIC_URL}${FEES}`);
      const body = await response.json();
      assert.equal(response.status, 402, JSON.stringify(body));
      const required = decodePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED")!);
      assert.equal(required.resource.url, `${PUBLIC_URL}${FEES}`);
      assert.equal(body.guide, `${PUBLIC_URL}/guides/how-to-pay`);
    });

    await t.step(
      "the MCP endpoint on the public host takes its own origin, refuses another with 403",
      async () => {
        const own = await request(`${PUBLIC_URL}/mcp`, {
          method: "POST",
          headers: { ...MCP_HEADERS, Origin: PUBLIC_URL },
          body: MCP_INIT,
        });
        assert.equal(own.status, 200);
        await own.body?.cancel();
        const foreign = await request(`${PUBLIC_URL}/mcp`, {
          method: "POST",
          headers: { ...MCP_HEADERS, Origin: "http://rebind.example" },
          body: MCP_INIT,
        });
        assert.equal(foreign.status, 403);
        await foreign.body?.cancel();
      },
    );
  } finally {
    await runtime.close();
    await upstream.close();
  }
});

Deno.test("[adversarial] local mode answers on loopback and refuses another host, MCP included", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const healthy = await fetch(`${service.base}/healthz`);
    assert.equal(healthy.status, 200);
    await healthy.body?.cancel();
    const localhost = await fetch(service.base.replace("127.0.0.1", "localhost") + "/healthz");
    assert.equal(localhost.status, 200);
    await localhost.body?.cancel();
    const app = createApp(service.runtime);
    await assertMisdirected(await app.fetch(new Request(`http://rebind.example:8000${FEES}`)), "local route");
    const mcp = await app.fetch(
      new Request("http://rebind.example:8000/mcp", {
        method: "POST",
        headers: { ...MCP_HEADERS, Origin: "http://rebind.example:8000" },
        body: MCP_INIT,
      }),
    );
    assert.equal(mcp.status, 421);
    await mcp.body?.cancel();
  } finally {
    await service.close();
  }
});
