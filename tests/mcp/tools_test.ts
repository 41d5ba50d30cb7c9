import { PAYMENT_REQUIRED_SCHEMA } from "../../lib/payments/payment_required_schema.ts";
import assert from "node:assert/strict";
import { InvalidInputError, PayloadTooLargeError } from "../../lib/shared/errors.ts";
import { NETWORKS, solanaRail } from "../../lib/payments/rails.ts";
import { toolInput } from "../../mcp/server.ts";
import { buildToolset, toolDescription } from "../../mcp/tools.ts";
import { inputJsonSchema, jsonSchemaOf } from "../../lib/operation/schemas.ts";
import { DEFAULT_MAX_BODY_BYTES, maxBodyBytesOf } from "../../lib/operation/mod.ts";
import { loadConfig } from "../../lib/server/config/load.ts";
import { buildServices } from "../../lib/server/services.ts";
import { createSolanaClient } from "../../lib/solana/rpc.ts";
import { registry } from "../../app.ts";

const { operations } = registry;

const rail = solanaRail({
  network: NETWORKS.solanaDevnet.network,
  asset: NETWORKS.solanaDevnet.usdc,
  payTo: "E4NMGxKbgdUSBvckc2oHmFtT4pSC36h1UWKwNgrXWdx6",
});
const WSOL = "So11111111111111111111111111111111111111112";
const services = buildServices(loadConfig({}), createSolanaClient("http://127.0.0.1:9"));

function op(id: string) {
  const found = operations.find((operation) => operation.id === id);
  assert.ok(found, id);
  return found;
}

Deno.test("buildToolset() makes one tool per operation with the registry's schemas and hints", () => {
  const toolset = buildToolset({
    path: "/mcp",
    chain: "Solana",
    network: rail.network,
    rail,
    tools: operations,
  }, services);
  assert.deepEqual([...toolset.tools.keys()], operations.map((operation) => operation.id));
  for (const { operation, definition, extensions } of toolset.tools.values()) {
    assert.equal(definition.name, operation.id);
    assert.deepEqual(definition.inputSchema, inputJsonSchema(operation));
    const { $defs, ...output } = jsonSchemaOf(operation.output, "output");
    assert.deepEqual(definition.outputSchema, {
      type: "object",
      ...($defs ? { $defs } : {}),
      anyOf: [output, PAYMENT_REQUIRED_SCHEMA],
    });
    assert.equal(definition.annotations?.readOnlyHint, operation.annotations.readOnlyHint);
    assert.equal(definition.annotations?.idempotentHint, operation.annotations.idempotentHint);
    assert.equal(definition.annotations?.openWorldHint, operation.annotations.openWorldHint);
    const bazaar = extensions.bazaar as { info: { input: Record<string, unknown> } };
    assert.equal(bazaar.info.input.toolName, operation.id);
    assert.deepEqual(bazaar.info.input.inputSchema, definition.inputSchema);
  }
  const largest = Math.max(
    ...operations.map((operation) => maxBodyBytesOf(operation, services)),
  );
  assert.ok(toolset.maxBodyBytes > largest, "room for the JSON-RPC envelope and the payment");
});

Deno.test("toolDescription() keeps the operation's words and adds its price on the rail's chain", () => {
  const fees = op("chain_priority_fees");
  const description = toolDescription(fees, rail);
  assert.ok(description.startsWith(fees.description.trim()));
  assert.match(description, /Price: \$0\.002 in USDC on Solana per successful call, paid with x402/);
});

Deno.test("toolInput() refuses 21 accounts for chain_priority_fees with the schema's message", () => {
  const accounts = Array.from({ length: 21 }, () => WSOL);
  assert.throws(
    () => toolInput(op("chain_priority_fees"), { account: accounts }, services),
    (error) =>
      error instanceof InvalidInputError && /Too many accounts: 21 given, at most 20/.test(error.message),
  );
});

Deno.test("toolInput() names unknown fields and wrong types together", () => {
  assert.throws(
    () => toolInput(op("chain_priority_fees"), { computeUnitLimit: "many", acount: [] }, services),
    (error) =>
      error instanceof InvalidInputError && /"computeUnitLimit"/.test(error.message) &&
      /unknown field "acount"/.test(error.message),
  );
});

Deno.test("toolInput() decodes the base64 field of a binary input into bytes", () => {
  const input = toolInput(op("pdf_to_markdown"), { pdf: "JVBERi0xLjc=", pages: "1-2" }, services);
  assert.deepEqual(input.pdf, new TextEncoder().encode("%PDF-1.7"));
  assert.equal(input.pages, "1-2");
});

Deno.test("toolInput() refuses arguments larger than the operation's body cap", () => {
  const fees = op("chain_priority_fees");
  assert.throws(
    () => toolInput(fees, { account: ["1".repeat(DEFAULT_MAX_BODY_BYTES)] }, services),
    (error) =>
      error instanceof PayloadTooLargeError && /limit of "chain_priority_fees" is 65536/.test(error.message),
  );
});
