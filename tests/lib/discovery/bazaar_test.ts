/**
 * The Bazaar declarations built in `lib/discovery/bazaar.ts` are the ones the
 * x402 SDK's `declareDiscoveryExtension` builds, for every operation, as an
 * HTTP route and as an MCP tool, down to the order of their keys (the 402
 * carries them serialized).
 */
import assert from "node:assert/strict";
import { declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { registry } from "../../../app.ts";
import { discoveryExtension, mcpDiscoveryExtension } from "../../../lib/discovery/bazaar.ts";
import { inputJsonSchema, pathParamNames } from "../../../lib/operation/schemas.ts";

const { operations } = registry;

Deno.test("an HTTP route's declaration is the SDK's, with its method, for every operation", () => {
  assert.ok(operations.some((operation) => operation.method === "GET"));
  assert.ok(operations.some((operation) => operation.method === "POST"));
  for (const operation of operations) {
    const example = operation.example ?? {};
    const pathParams = Object.fromEntries(
      pathParamNames(operation).map((name) => [name, example[name] ?? ""]),
    );
    const input = Object.fromEntries(Object.entries(example).filter(([name]) => !(name in pathParams)));
    const inputSchema = inputJsonSchema(operation);
    const sdk = operation.method === "GET"
      ? declareDiscoveryExtension({ input, inputSchema, pathParams })
      : declareDiscoveryExtension({ input, inputSchema, pathParams, bodyType: "json" });
    (sdk.bazaar as { info: { input: Record<string, unknown> } }).info.input.method = operation.method;
    assert.equal(JSON.stringify(discoveryExtension(operation)), JSON.stringify(sdk), operation.id);
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
