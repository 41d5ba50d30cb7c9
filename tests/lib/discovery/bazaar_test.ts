/**
 * The Bazaar declarations built in `lib/discovery/bazaar.ts` are the ones the
 * x402 SDK builds: for an HTTP route, `declareDiscoveryExtension` enriched by
 * the SDK resource server's own request-time step (method, path parameters,
 * route template), with and without the `/alt` prefix;
 * for an MCP tool, `declareDiscoveryExtension` down to the order of its keys.
 */
import assert from "node:assert/strict";
import {
  bazaarResourceServerExtension,
  declareDiscoveryExtension,
  validateDiscoveryExtension,
} from "@x402/extensions/bazaar";
import { registry } from "../../../app.ts";
import {
  discoveryExtension,
  mcpDiscoveryExtension,
  withoutProperties,
} from "../../../lib/discovery/bazaar.ts";
import { inputJsonSchema, pathParamNames } from "../../../lib/operation/schemas.ts";

const { operations } = registry;

Deno.test("an HTTP route's declaration is what the SDK's resource server sends, for every operation", () => {
  assert.ok(operations.some((operation) => operation.method === "GET"));
  assert.ok(operations.some((operation) => operation.method === "POST"));
  assert.ok(operations.some((operation) => pathParamNames(operation).length > 0));
  for (const operation of operations) {
    const example = operation.example ?? {};
    const names = pathParamNames(operation);
    const input = Object.fromEntries(Object.entries(example).filter(([name]) => !names.includes(name)));
    const inputSchema = withoutProperties(inputJsonSchema(operation), names);
    const declared = operation.method === "GET"
      ? declareDiscoveryExtension({ input, inputSchema })
      : declareDiscoveryExtension({ input, inputSchema, bodyType: "json" });
    // The SDK's own request-time step: method, and the path parameters and route template of a dynamic route.
    for (const prefix of ["", "/alt"]) {
      const path = prefix +
        operation.path.replace(/:(\w+)/g, (_: string, name: string) => String(example[name]));
      const enriched = bazaarResourceServerExtension.enrichDeclaration!(
        declared.bazaar,
        {
          method: operation.method,
          routePattern: prefix + operation.path,
          adapter: { getPath: () => path },
        } as unknown as Parameters<NonNullable<typeof bazaarResourceServerExtension.enrichDeclaration>>[1],
      ) as Record<string, unknown> & { routeTemplate?: string };
      assert.equal(
        enriched.routeTemplate,
        names.length > 0 ? prefix + operation.path : undefined,
        operation.id,
      );
      assert.deepEqual(
        discoveryExtension(operation, prefix),
        { bazaar: enriched },
        `${prefix} ${operation.id}`,
      );
    }
    const { bazaar } = discoveryExtension(operation, "/alt");
    assert.deepEqual(validateDiscoveryExtension(bazaar as never), { valid: true }, operation.id);
  }
});

Deno.test("an MCP tool's declaration is the SDK's, with and without an example", () => {
  for (const operation of operations) {
    for (const example of [operation.example, undefined]) {
      const tool = {
        toolName: operation.id,
        description: operation.summary,
        transport: "streamable-http" as const,
        inputSchema: inputJsonSchema(operation),
        ...(example ? { example } : {}),
      };
      assert.equal(
        JSON.stringify(mcpDiscoveryExtension(tool)),
        JSON.stringify(declareDiscoveryExtension(tool)),
        operation.id,
      );
    }
  }
});
