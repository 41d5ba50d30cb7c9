/**
 * The MCP SDK v2 client (`@modelcontextprotocol/client`), unmodified, against
 * the real service in local mode: on `/mcp` (Solana) and `/alt/mcp` (EVM),
 * pinned to 2026-07-28 (no handshake, `server/discover`, the per-request
 * envelope) and in its default 2025 mode, it lists the same tools in the same
 * order, gets the x402 requirement from an unpaid call and the output with
 * its settlement from a paid one.
 */
import assert from "node:assert/strict";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { PaymentRequired } from "@x402/core/types";
import { assertPaidResult, ENDPOINTS, isPaymentRequired, TOOL } from "./_paid_result.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";

const ERAS = [
  {
    name: "2026-07-28",
    options: { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    version: "2026-07-28",
  },
  { name: "2025 (default)", options: {}, version: "2025-11-25" },
  { name: "auto", options: { versionNegotiation: { mode: "auto" } }, version: "2026-07-28" },
] as const;

Deno.test("[e2e] MCP SDK v2 client: every revision it speaks, unpaid and paid, on /mcp and /alt/mcp", async (t) => {
  const service = await startTestService();
  try {
    const { client: payer } = await fundedBuyer(service);
    for (const { path, network } of ENDPOINTS) {
      let order: string[] | undefined;
      for (const era of ERAS) {
        const client = new Client({ name: "sdk-v2-client-test", version: "1.0.0" }, era.options);
        await client.connect(new StreamableHTTPClientTransport(new URL(service.base + path)));
        try {
          await t.step(
            `${path} ${era.name}: negotiates ${era.version} and lists the tools in one order`,
            async () => {
              assert.equal(client.getNegotiatedProtocolVersion(), era.version);
              const { tools } = await client.listTools();
              const names = tools.map((tool) => tool.name);
              assert.ok(names.includes(TOOL), names.join());
              order ??= names;
              assert.deepEqual(names, order);
            },
          );

          let required: PaymentRequired | undefined;
          await t.step(`${path} ${era.name}: an unpaid call returns the requirement`, async () => {
            const result = await client.callTool({ name: TOOL, arguments: {} });
            assert.equal(result.isError, true);
            assert.ok(isPaymentRequired(result.structuredContent), JSON.stringify(result));
            required = result.structuredContent;
            assert.equal(required.accepts[0]!.network, network);
            assert.equal(required.accepts[0]!.amount, "2000");
          });

          await t.step(`${path} ${era.name}: a paid call returns the output and its settlement`, async () => {
            const payment = await payer.createPaymentPayload(required!);
            const result = await client.callTool({
              name: TOOL,
              arguments: {},
              _meta: { "x402/payment": payment },
            });
            assertPaidResult(result, TOOL, network);
          });
        } finally {
          await client.close();
        }
      }
    }
  } finally {
    await service.close();
  }
});
