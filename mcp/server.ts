/**
 * The MCP server of one endpoint: `tools/list` answers the endpoint's tools
 * and `tools/call` runs one registry operation behind an x402 payment. Input
 * is checked first (strict, every problem named) so a call that cannot succeed
 * is never charged; the handler runs within the request's time budget and its
 * output is checked against its schema before it is settled and served.
 *
 * Servers are cheap: one is built for every HTTP request (stateless). The
 * server is the MCP SDK v2's (`@modelcontextprotocol/server`): the same
 * instance serves a 2025-era request (after `initialize`) and a 2026-07-28
 * one (`server/discover`, the per-request `_meta` envelope, `resultType`,
 * cache hints), so both eras get these handlers and nothing else
 * (`endpoints.ts` routes each request to its era).
 *
 * @module
 */
import { ProtocolError, ProtocolErrorCode, Server } from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import { PayloadTooLargeError } from "../lib/shared/errors.ts";
import {
  type AnyOperation,
  decodeBinaryInput,
  maxBodyBytesOf,
  type OperationDeps,
  parseInput,
  precheck,
  pricedResource,
  runOperation,
  withBase64,
} from "../lib/operation/mod.ts";
import { connectionPresence, type PeerAddress } from "../lib/shared/client_presence.ts";
import type { Services } from "../lib/server/services.ts";
import { SERVICE_NAME, VERSION } from "../lib/server/version.ts";
import { withPayment } from "./payment.ts";
import { errorResult, outputResult, PAYMENT_EXTENSION } from "./results.ts";
import type { Toolset } from "./tools.ts";
import { asksForExtension, extensionResult, paymentMeta, type ProtocolEra } from "./x402_extension.ts";

/** The HTTP request a server is built for. */
export interface McpRequest {
  requestId: string;
  /** The public URL of the endpoint (`PUBLIC_URL` or the request's origin, plus the path). */
  endpointUrl: string;
  /** Aborted when the HTTP client goes away. */
  signal: AbortSignal;
  /** The HTTP client's address, when known. */
  peer?: PeerAddress;
  /** When the HTTP request came, `performance.now()`. */
  receivedAt?: number;
  /** Told who paid, for the access log. */
  onPayer?: (payer: string) => void;
  /** The protocol era the request is served in: `modern` is 2026-07-28. Default `legacy`. */
  era?: ProtocolEra;
}

/** One JSON Schema validator for every server: each would otherwise build its own Ajv instance per request. */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * How long a client (or a shared cache: the list is the same for everyone) may
 * reuse `tools/list` on 2026-07-28: the tools change only with a deployment.
 */
export const TOOLS_LIST_TTL_MS = 5 * 60 * 1000;

/** How payment works, for the server's `instructions`. */
export function instructions(toolset: Toolset): string {
  const chain = toolset.rail.label;
  return `Every tool call is paid per call in USDC on ${chain} with x402 v2: a call without payment returns ` +
    `isError with the PaymentRequired object (in structuredContent, and in the text as {"x402/error": {code: 402, data}}), which an x402 client ` +
    `signs and sends back by repeating the call with the payment payload in params._meta["x402/payment"]. ` +
    `Only a successful call is charged, and its result carries the settlement in ` +
    `_meta["x402/payment-response"]; invalid input and failed work cost nothing. A 2026-07-28 request that ` +
    `lists "org.x402/payment" in its client capabilities' extensions gets the requirement as resultType ` +
    `"payment_required" with paymentRequired instead, may pay in _meta["org.x402/payment"].paymentPayload ` +
    `and finds the settlement in _meta["org.x402/payment"].settlementResponse too.`;
}

/** An MCP server for `toolset`, answering one HTTP request. */
export function createMcpServer(toolset: Toolset, deps: OperationDeps, request: McpRequest): Server {
  const server = new Server(
    { name: SERVICE_NAME, title: `${SERVICE_NAME} (paid on ${toolset.rail.label})`, version: VERSION },
    {
      // The x402 extension binding: a request that names it in its per-request client capabilities
      // gets `payment_required` results; every other request gets the tool-result binding.
      capabilities: { tools: { listChanged: false }, extensions: { [PAYMENT_EXTENSION]: {} } },
      instructions: instructions(toolset),
      jsonSchemaValidator,
      cacheHints: { "tools/list": { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: "public" } },
    },
  );
  // Registry order, the same on every request (2026-07-28 asks tools/list to be deterministic).
  const definitions = [...toolset.tools.values()].map((tool) => tool.definition);
  server.setRequestHandler("tools/list", () => ({ tools: definitions }));
  server.setRequestHandler("tools/call", async (call, ctx) => {
    const tool = toolset.tools.get(call.params.name);
    if (!tool) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool "${call.params.name}": this endpoint has ${[...toolset.tools.keys()].join(", ")}`,
      );
    }
    const context = { requestId: request.requestId, path: toolset.path, tool: tool.operation.id };
    const signal = AbortSignal.any([ctx.mcpReq.signal, request.signal]);
    const extension = asksForExtension(
      request.era ?? "legacy",
      ctx.mcpReq.envelope as Record<string, unknown> | undefined,
    );
    try {
      const input = toolInput(tool.operation, call.params.arguments ?? {}, deps.services);
      await precheck(tool.operation, input, deps.services, { signal });
      const result = await withPayment(
        {
          gateway: deps.gateway,
          rail: toolset.rail,
          // The endpoint's real URL with the tool in its fragment: a URL that reaches the server (a
          // fragment is never sent) and names the tool, so two endpoints' tools never share an entry.
          resource: pricedResource(
            tool.operation,
            `${request.endpointUrl}#${tool.operation.id}`,
            tool.extensions,
          ),
          meta: paymentMeta(call.params._meta, extension),
          signal,
          presence: connectionPresence(signal, request.peer, request.receivedAt),
          onPayer: request.onPayer,
        },
        async () => {
          const output = await runOperation(tool.operation, input, {
            requestId: request.requestId,
            signal,
            services: deps.services,
            timeoutMs: deps.requestTimeoutMs,
          });
          // MCP carries a binary result as one base64 string.
          return outputResult(tool.operation, await withBase64(tool.operation, output));
        },
      );
      return extensionResult(result, extension);
    } catch (error) {
      return errorResult(error, deps.log, context);
    }
  });
  return server;
}

/** Validates tool arguments like an HTTP JSON body: size cap, strict schema, base64 decoded. */
export function toolInput(
  operation: AnyOperation,
  args: Record<string, unknown>,
  services: Services,
): Record<string, unknown> {
  const maxBytes = maxBodyBytesOf(operation, services);
  const size = JSON.stringify(args).length;
  if (size > maxBytes) {
    throw new PayloadTooLargeError(
      `Tool arguments too large: ${size} bytes as JSON, the limit of "${operation.id}" is ${maxBytes}`,
    );
  }
  return decodeBinaryInput(operation, parseInput(operation.input, args));
}
