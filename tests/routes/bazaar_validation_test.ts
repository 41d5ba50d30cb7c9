/**
 * What a facilitator's discovery (the Bazaar) runs on our 402s before it lists
 * a resource, run here with its own published code (`@x402/extensions`
 * bazaar): `validateDiscoveryExtension` (the info matches its schema),
 * `validateDiscoveryExtensionSpec` (the protocol's invariants: input type,
 * method, body type, MCP tool name and transport) and `extractDiscoveryInfo`
 * (what is catalogued from a payment). Every operation on both rails and every
 * MCP tool on both endpoints must pass, from the live unpaid answer; a route
 * with path parameters is catalogued once, at its `routeTemplate`, whatever
 * URL of it was paid.
 */
import assert from "node:assert/strict";
import {
  type DiscoveryExtension,
  extractDiscoveryInfo,
  isValidRouteTemplate,
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

/** What the facilitator catalogues from a payment of `required` (the payment echoes its extensions). */
function catalogued(required: PaymentRequired) {
  const accepted = required.accepts[0]!;
  const payload = {
    x402Version: 2,
    resource: required.resource,
    accepted,
    payload: {},
    extensions: required.extensions,
  };
  return extractDiscoveryInfo(payload as unknown as PaymentPayload, accepted);
}

/** What the Bazaar checks of one 402, as its code reports it; an empty list when it would list it. */
function bazaarProblems(required: PaymentRequired): string[] {
  const extension = required.extensions?.bazaar as DiscoveryExtension | undefined;
  if (!extension) return ["no bazaar extension"];
  const problems = [
    ...(validateDiscoveryExtension(extension).errors ?? []),
    ...(validateDiscoveryExtensionSpec(extension as unknown as Record<string, unknown>).errors ?? []),
  ];
  const discovered = catalogued(required);
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

/** Another valid value of a path parameter: the example with its last base58 character changed. */
function anotherValue(value: string): string {
  return value.slice(0, -1) + (value.endsWith("2") ? "3" : "2");
}

Deno.test("[e2e] a route with path parameters is catalogued once, at its routeTemplate, on both rails", async () => {
  const service = await startTestService();
  try {
    let checked = 0;
    for (const { prefix, operations } of RAILS) {
      for (const operation of operations.filter((operation) => operation.path.includes(":"))) {
        const template = prefix + operation.path;
        const resources = new Set<string>();
        for (const pick of [String, anotherValue]) {
          const path = template.replace(
            /:(\w+)/g,
            (_: string, name: string) => pick(String(operation.example?.[name])),
          );
          const response = await fetch(service.base + path, { method: operation.method });
          await response.body?.cancel();
          assert.equal(response.status, 402, path);
          const required = decodePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED")!);
          assert.equal(required.resource.url, service.base + path, "the requirement names the URL asked");
          const bazaar = required.extensions?.bazaar as { routeTemplate?: string };
          assert.equal(bazaar.routeTemplate, template);
          assert.ok(isValidRouteTemplate(bazaar.routeTemplate), template);
          const discovered = catalogued(required);
          assert.ok(discovered && "routeTemplate" in discovered, path);
          assert.equal(discovered.routeTemplate, template);
          assert.equal(discovered.method, operation.method);
          resources.add(discovered.resourceUrl);
        }
        assert.deepEqual([...resources], [service.base + template]);
        checked++;
      }
    }
    assert.ok(checked >= 3, `${checked} dynamic routes checked`);
  } finally {
    await service.close();
  }
});
