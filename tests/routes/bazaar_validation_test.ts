/**
 * What a facilitator's discovery (the Bazaar) runs on our 402s before it lists
 * a resource, run here with its own published code (`@x402/extensions`
 * bazaar): `validateDiscoveryExtension` (the info matches its schema),
 * `validateDiscoveryExtensionSpec` (the protocol's invariants: input type,
 * method, body type, MCP tool name and transport) and `extractDiscoveryInfo`
 * (what is catalogued from a payment). Every operation on both rails and every
 * MCP tool on both endpoints must pass, from the live unpaid answer.
 */
import assert from "node:assert/strict";
import {
  type DiscoveryExtension,
  extractDiscoveryInfo,
  validateDiscoveryExtension,
  validateDiscoveryExtensionSpec,
} from "@x402/extensions/bazaar";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { registry } from "../../app.ts";
import { startTestService } from "../_support/service.ts";

/** The operations sold under each prefix, and the MCP endpoint that lists them as tools. */
const RAILS = [
  { prefix: "", mcp: "/mcp", operations: registry.operations },
  { prefix: "/alt", mcp: "/alt/mcp", operations: registry.altOperations },
];

/** What the Bazaar checks of one 402, as its code reports it; an empty list when it would list it. */
function bazaarProblems(required: PaymentRequired): string[] {
  const extension = required.extensions?.bazaar as DiscoveryExtension | undefined;
  if (!extension) return ["no bazaar extension"];
  const problems = [
    ...(validateDiscoveryExtension(extension).errors ?? []),
    ...(validateDiscoveryExtensionSpec(extension as unknown as Record<string, unknown>).errors ?? []),
  ];
  const accepted = required.accepts[0]!;
  const payload = {
    x402Version: 2,
    resource: required.resource,
    accepted,
    payload: {},
    extensions: required.extensions,
  };
  const discovered = extractDiscoveryInfo(payload as unknown as PaymentPayload, accepted);
  if (!discovered) problems.push("extractDiscoveryInfo found nothing to catalogue");
  else if (!discovered.resourceUrl.startsWith("http")) {
    problems.push(`resource URL ${discovered.resourceUrl}`);
  }
  return problems;
}

Deno.test("[e2e] every 402 passes the Bazaar's own discovery validation, over HTTP and MCP", async (t) => {
  const service = await startTestService();
  try {
    for (const { prefix, operations } of RAILS) {
      await t.step(`HTTP ${prefix || "/"}: every operation's 402`, async () => {
        for (const operation of operations) {
          const path = prefix +
            operation.path.replace(
              /:(\w+)/g,
              (_: string, name: string) => String(operation.example?.[name]),
            );
          // A bare request: what a crawler sends to see the price.
          const response = await fetch(service.base + path, { method: operation.method });
          await response.body?.cancel();
          assert.equal(response.status, 402, path);
          const required = decodePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED")!);
          assert.deepEqual(bazaarProblems(required), [], path);
        }
      });
    }
    for (const { mcp, operations } of RAILS) {
      await t.step(`MCP ${mcp}: every tool's requirement`, async () => {
        const client = new Client({ name: "bazaar-check", version: "1.0.0" });
        await client.connect(new StreamableHTTPClientTransport(new URL(service.base + mcp)));
        try {
          let checked = 0;
          for (const tool of operations) {
            const result = await client.callTool({ name: tool.id, arguments: tool.example ?? {} });
            // A tool whose example lacks its upload is refused before the price: nothing to check there.
            if (!result.structuredContent) continue;
            const required = result.structuredContent as unknown as PaymentRequired;
            assert.equal(result.isError, true, tool.id);
            assert.deepEqual(bazaarProblems(required), [], `${mcp} ${tool.id}`);
            checked++;
          }
          assert.ok(checked >= 2, `${checked} tools checked on ${mcp}`);
        } finally {
          await client.close();
        }
      });
    }
  } finally {
    await service.close();
  }
});
