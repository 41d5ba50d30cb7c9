/**
 * The clients people already have, against the real service in local mode:
 * the MCP SDK's own `Client.callTool` (no helper of ours), which checks
 * structured content against each listed tool's `outputSchema`, unpaid and
 * paid on `/mcp` (Solana) and `/alt/mcp` (EVM); the x402 extension binding for
 * a request that advertises `org.x402/payment`; and the MCP Inspector CLI.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import { ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { registry } from "../../app.ts";
import type { x402Client } from "@x402/core/client";
import { fundedBuyer, startTestService, type TestService } from "../_support/service.ts";

const TOOL = "chain_priority_fees";
const ENDPOINTS = [
  { path: "/mcp", network: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1" },
  { path: "/alt/mcp", network: "eip155:84532" },
];
const ADVERTISES_EXTENSION = {
  "io.modelcontextprotocol/clientCapabilities": { extensions: { "org.x402/payment": {} } },
};

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "sdk-client-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

function isPaymentRequired(value: unknown): value is PaymentRequired {
  return typeof value === "object" && value !== null && "x402Version" in value && "accepts" in value;
}

Deno.test("[e2e] MCP clients: SDK callTool, the x402 extension binding and the Inspector CLI", async (t) => {
  const service = await startTestService();
  try {
    const { client: payer } = await fundedBuyer(service);
    for (const { path, network } of ENDPOINTS) {
      const client = await connect(service.base + path);
      try {
        // listTools makes callTool check every result against the tool's outputSchema.
        const { tools } = await client.listTools();
        await t.step(`${path}: every outputSchema admits the output and the PaymentRequired object`, () => {
          for (const tool of tools) {
            const schema = tool.outputSchema as { type: string; anyOf?: { title?: string }[] };
            assert.equal(schema.type, "object", tool.name);
            assert.equal(schema.anyOf?.length, 2, tool.name);
            assert.equal(schema.anyOf?.[1]?.title, "PaymentRequired", tool.name);
          }
        });

        let required: PaymentRequired | undefined;
        await t.step(`${path}: an unpaid callTool returns the requirement instead of throwing`, async () => {
          const result = await client.callTool({ name: TOOL, arguments: {} });
          assert.equal(result.isError, true);
          assert.ok(isPaymentRequired(result.structuredContent), JSON.stringify(result));
          const content = result.content as { type: string; text: string }[];
          assert.deepEqual(JSON.parse(content[0]!.text)["x402/error"].data, result.structuredContent);
          required = result.structuredContent;
          assert.equal(required.accepts[0]!.network, network);
          assert.equal(required.accepts[0]!.amount, "2000");
        });

        await t.step(`${path}: a paid callTool returns the output and its settlement`, async () => {
          const payment = await payer.createPaymentPayload(required!);
          const result = await client.callTool({
            name: TOOL,
            arguments: {},
            _meta: { "x402/payment": payment },
          });
          assert.equal(result.isError, undefined, JSON.stringify(result.content));
          registry.operations.find((op) => op.id === TOOL)!.output.parse(result.structuredContent);
          const settlement = result._meta?.["x402/payment-response"] as SettleResponse;
          assert.equal(settlement.success, true);
          assert.equal(settlement.network, network);
        });

        await t.step(`${path}: a tool error without structured content still reads`, async () => {
          const result = await client.callTool({ name: TOOL, arguments: { computeUnitLimit: -1 } });
          assert.equal(result.isError, true);
          assert.equal(result.structuredContent, undefined);
          assert.match((result.content as { text: string }[])[0]!.text, /computeUnitLimit/);
        });
      } finally {
        await client.close();
      }
    }
    await t.step(
      "/mcp: a 2026-07-28 request advertising org.x402/payment gets the extension binding",
      async () => {
        await extensionBinding(service, payer);
      },
    );
    await t.step("the MCP Inspector CLI shows the price on /mcp and /alt/mcp", async () => {
      await Promise.all(ENDPOINTS.map(({ path, network }) => inspectorCall(service.base + path, network)));
    });
  } finally {
    await service.close();
  }
});

/**
 * The `org.x402/payment` extension binding: a 2026-07-28 request that lists it
 * in its per-request client capabilities gets `payment_required`, pays in
 * `_meta["org.x402/payment"].paymentPayload` and finds the settlement there;
 * a 2025-era request (SDK 1.x) claiming it still gets the tool-result binding,
 * since the extension needs 2026-07-28.
 */
async function extensionBinding(service: TestService, payer: x402Client): Promise<void> {
  const client = await connect(`${service.base}/mcp`);
  try {
    assert.deepEqual(client.getServerCapabilities()?.extensions, { "org.x402/payment": {} });
    const legacy = await client.request(
      { method: "tools/call", params: { name: TOOL, arguments: {}, _meta: ADVERTISES_EXTENSION } },
      ResultSchema,
    );
    assert.equal(legacy.resultType, undefined);
    assert.equal(legacy.isError, true);
    assert.ok(isPaymentRequired(legacy.structuredContent), JSON.stringify(legacy));
  } finally {
    await client.close();
  }

  let id = 0;
  const call = async (meta: Record<string, unknown>) => {
    const response = await fetch(`${service.base}/mcp`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": "tools/call",
        "Mcp-Name": TOOL,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: ++id,
        method: "tools/call",
        params: {
          name: TOOL,
          arguments: {},
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { name: "raw-2026", version: "1.0.0" },
            ...ADVERTISES_EXTENSION,
            ...meta,
          },
        },
      }),
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("Mcp-Session-Id"), null);
    return (await response.json()).result as Record<string, unknown> & { _meta?: Record<string, unknown> };
  };

  const unpaid = await call({});
  assert.equal(unpaid.resultType, "payment_required");
  assert.equal(unpaid.isError, undefined);
  assert.equal(unpaid.structuredContent, undefined);
  assert.ok(isPaymentRequired(unpaid.paymentRequired), JSON.stringify(unpaid));

  const payment = await payer.createPaymentPayload(unpaid.paymentRequired);
  const paid = await call({ "org.x402/payment": { paymentPayload: payment } });
  assert.equal(paid.resultType, "complete");
  const settlement = (paid._meta?.["org.x402/payment"] as { settlementResponse: SettleResponse })
    .settlementResponse;
  assert.equal(settlement.success, true);
  assert.deepEqual(paid._meta?.["x402/payment-response"], settlement);
  assert.ok(paid.structuredContent, JSON.stringify(paid));

  const replayed = await call({ "org.x402/payment": { paymentPayload: payment } });
  assert.equal(replayed.resultType, "payment_required");
  assert.match((replayed.paymentRequired as PaymentRequired).error!, /already used/);
}

/** The MCP Inspector CLI's unpaid tools/call on `url` (it cannot send `_meta`, so it cannot pay). */
async function inspectorCall(url: string, network: string): Promise<void> {
  // Through npx, exactly as a person runs it (it works on Node 20; npx caches the package).
  const run = await new Deno.Command("npx", {
    args: [
      "-y",
      "--prefer-offline",
      "@modelcontextprotocol/inspector@0.15.0",
      "--cli",
      url,
      "--transport",
      "http",
      "--method",
      "tools/call",
      "--tool-name",
      TOOL,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(run.stdout);
  assert.equal(run.code, 0, stdout + new TextDecoder().decode(run.stderr).slice(-2000));
  const result = JSON.parse(stdout.slice(stdout.indexOf("{")));
  assert.equal(result.isError, true);
  assert.equal(result.structuredContent.accepts[0].network, network);
  assert.match(result.structuredContent.error, /costs \$0\.002 in USDC/);
}
