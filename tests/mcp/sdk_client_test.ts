/**
 * The clients people already have, against the real service in local mode:
 * the MCP SDK's own `Client.callTool` (no helper of ours), which checks
 * structured content against each listed tool's `outputSchema`, unpaid and
 * paid on `/mcp` (Solana) and `/alt/mcp` (EVM); the x402 extension binding for
 * a 2026-07-28 request that advertises `org.x402/payment`; and the MCP
 * Inspector CLI in both protocol eras, unpaid and paid.
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
import { assertPaidResult, ENDPOINTS, isPaymentRequired, TOOL } from "./_paid_result.ts";
import { fundedBuyer, startTestService, type TestService } from "../_support/service.ts";

const ADVERTISES_EXTENSION = {
  "io.modelcontextprotocol/clientCapabilities": { extensions: { "org.x402/payment": {} } },
};

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "sdk-client-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
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
          assertPaidResult(result, TOOL, network);
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
    for (const era of ["legacy", "modern"]) {
      await t.step(`the MCP Inspector CLI (${era}) pays on /mcp and /alt/mcp`, async () => {
        await Promise.all(
          ENDPOINTS.map(({ path, network }) => inspectorCalls(service.base + path, network, era, payer)),
        );
      });
    }
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

/** The MCP Inspector release the test runs (`tasks/ensure_tools.ts` puts it in the npm cache). */
const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";

/**
 * The MCP Inspector CLI on `url` in `era` (`legacy`: the 2025 handshake;
 * `modern`: 2026-07-28): an unpaid tools/call shows the price, and the same
 * call with the payment in `--tool-metadata x402/payment=<json>` is served
 * and settled.
 */
async function inspectorCalls(url: string, network: string, era: string, payer: x402Client): Promise<void> {
  const unpaid = await inspectorCall(url, era, []);
  assert.equal(unpaid.isError, true);
  assert.equal(unpaid.structuredContent.accepts[0].network, network);
  assert.match(unpaid.structuredContent.error, /costs \$0\.002 in USDC/);
  const payment = await payer.createPaymentPayload(unpaid.structuredContent);
  const paid = await inspectorCall(url, era, ["--tool-metadata", `x402/payment=${JSON.stringify(payment)}`]);
  assert.notEqual(paid.isError, true, JSON.stringify(paid).slice(0, 500));
  registry.operations.find((op) => op.id === TOOL)!.output.parse(paid.structuredContent);
  assert.equal(paid._meta["x402/payment-response"].success, true);
  assert.equal(paid._meta["x402/payment-response"].network, network);
}

// deno-lint-ignore no-explicit-any
async function inspectorCall(url: string, era: string, extra: string[]): Promise<any> {
  // Through npx, exactly as a person runs it; npx finds the package in the npm cache (no network).
  const run = await new Deno.Command("npx", {
    args: [
      "-y",
      "--prefer-offline",
      INSPECTOR,
      "--cli",
      url,
      "--transport",
      "http",
      "--protocol-era",
      era,
      "--method",
      "tools/call",
      "--tool-name",
      TOOL,
      ...extra,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(run.stdout);
  const stderr = new TextDecoder().decode(run.stderr);
  assert.ok(stdout.includes("{"), stdout + stderr.slice(-2000));
  const result = JSON.parse(stdout.slice(stdout.indexOf("{")));
  // The CLI prints the result either way and exits 1 on a tool error (the unpaid call's requirement).
  if (result.isError) assert.match(stderr, /tool_is_error/);
  else assert.equal(run.code, 0, stdout + stderr.slice(-2000));
  return result;
}
