/**
 * MCP tools from the operation registry: one tool per operation an endpoint
 * sells, with the operation's id as its name, its title, a description that
 * says what it does, when to use it and what it costs on the endpoint's
 * chain, the input and output JSON Schemas the HTTP routes and OpenAPI use,
 * and its annotations. Built once per endpoint; nothing here is per request.
 *
 * @module
 */
import type { Tool } from "@modelcontextprotocol/server";
import {
  type AnyOperation,
  DEFAULT_MAX_BODY_BYTES,
  inputJsonSchema,
  type JsonSchema,
  jsonSchemaOf,
  maxBodyBytesOf,
  type McpEndpoint,
} from "../lib/operation/mod.ts";
import { mcpDiscoveryExtension } from "../lib/discovery/mod.ts";
import { PAYMENT_REQUIRED_SCHEMA, type PaymentRail } from "../lib/payments/mod.ts";
import type { Services } from "../lib/server/services.ts";

/** Room in a request body for the JSON-RPC envelope and an x402 payment in `_meta`. */
const ENVELOPE_BYTES = 64 * 1024;

/** One operation as a paid MCP tool. */
export interface PaidTool {
  readonly operation: AnyOperation;
  /** The tool as `tools/list` shows it. */
  readonly definition: Tool;
  /** x402 extensions advertised in its payment requirement (Bazaar MCP discovery info). */
  readonly extensions: Record<string, unknown>;
}

/** The tools of one MCP endpoint and the rail they are paid on. */
export interface Toolset {
  /** The endpoint's path, `/mcp` or `/alt/mcp`. */
  readonly path: string;
  readonly rail: PaymentRail;
  /** Tools by name, in registry order. */
  readonly tools: ReadonlyMap<string, PaidTool>;
  /** Largest request body the endpoint accepts: the largest tool input plus the envelope. */
  readonly maxBodyBytes: number;
}

/** The tools `endpoint` lists, paid on its rail, with body caps from `services`. */
export function buildToolset(endpoint: McpEndpoint, services: Services): Toolset {
  const { rail } = endpoint;
  const tools = new Map<string, PaidTool>();
  for (const operation of endpoint.tools) tools.set(operation.id, paidTool(operation, rail));
  const largestInput = Math.max(
    DEFAULT_MAX_BODY_BYTES,
    ...endpoint.tools.map((operation) => maxBodyBytesOf(operation, services)),
  );
  return { path: endpoint.path, rail, tools, maxBodyBytes: largestInput + ENVELOPE_BYTES };
}

function paidTool(operation: AnyOperation, rail: PaymentRail): PaidTool {
  const inputSchema = inputJsonSchema(operation);
  const outputSchema = toolOutputSchema(operation);
  const definition: Tool = {
    name: operation.id,
    title: operation.title,
    description: toolDescription(operation, rail),
    inputSchema: inputSchema as Tool["inputSchema"],
    ...(outputSchema ? { outputSchema: outputSchema as Tool["outputSchema"] } : {}),
    annotations: {
      title: operation.title,
      readOnlyHint: operation.annotations.readOnlyHint,
      destructiveHint: false,
      idempotentHint: operation.annotations.idempotentHint,
      openWorldHint: operation.annotations.openWorldHint,
    },
  };
  const extensions = mcpDiscoveryExtension({
    toolName: operation.id,
    description: operation.summary,
    transport: "streamable-http",
    inputSchema,
    ...(operation.example ? { example: operation.example } : {}),
    // The output schema is in the tool listing: every unpaid call carries this, so it stays small.
  });
  return { operation, definition, extensions };
}

/** What the tool does and when to use it (the operation's words), then its price on `rail`. */
export function toolDescription(operation: AnyOperation, rail: PaymentRail): string {
  const what = operation.description.trim().replace(/\.?$/, ".");
  return `${what} Price: ${operation.price} in USDC on ${rail.label} per successful call, paid with x402 ` +
    `(a call without payment returns the requirement; failed calls are not charged).`;
}

/**
 * The tool's `outputSchema`: its output or the x402 `PaymentRequired` object,
 * since an unpaid call returns the requirement as structured content (the
 * x402 MCP transport) and clients such as the MCP SDK's `Client.callTool`
 * check structured content against this schema even on error results.
 * Shared definitions stay at the root, where the output's `$ref`s point.
 * `undefined` when the output is not an object (MCP structured content must
 * be one): the tool then returns text.
 */
export function toolOutputSchema(operation: AnyOperation): JsonSchema | undefined {
  const { $defs, ...output } = jsonSchemaOf(operation.output, "output");
  if (output.type !== "object") return undefined;
  return { type: "object", ...($defs ? { $defs } : {}), anyOf: [output, PAYMENT_REQUIRED_SCHEMA] };
}
