/**
 * The MCP endpoints over Streamable HTTP: `/mcp` paid on Solana and, when the
 * alternate chain is on, `/alt/mcp` paid on it, each listing the tools the
 * catalog names (the same list `/server.json` and the AI catalog publish).
 *
 * Each endpoint is a plain `Request → Response` handler, so the MCP adapter
 * needs nothing of the HTTP adapter; the top of the application mounts it.
 * Stateless: every POST gets a fresh server and transport and a JSON answer.
 * There is no SSE stream and no session, so GET and DELETE answer 405. A
 * request for a foreign `Host` answers 421 and one with a foreign `Origin`
 * 403 (`origin.ts`). `MCP-Protocol-Version` is
 * checked by the transport (400 for an unsupported version) and answered with
 * the version in use (the negotiated one on `initialize`). The body is read
 * and checked as JSON-RPC here first (`jsonrpc_body.ts`), so malformed
 * messages get the codes the JSON-RPC spec gives them.
 *
 * @module
 */
import type { McpEndpoint, OperationDeps } from "../lib/operation/mod.ts";
import { importOnDemand } from "../lib/shared/on_demand.ts";
import type { PeerAddress } from "../lib/shared/client_presence.ts";
import { type OriginPolicy, refusal } from "./origin.ts";
import { buildToolset, type Toolset } from "./tools.ts";

/** What a handler is told about its HTTP request. */
export interface McpRequestContext {
  requestId: string;
  /** The public base URL: `PUBLIC_URL`, or the request's origin. */
  baseUrl: string;
  /** Records who paid, for the access log. */
  setPayer(payer: string): void;
  /** The client's address, when known (to see whether the client is still there before settling). */
  peer?: PeerAddress;
  /** When the request came, `performance.now()`. */
  receivedAt?: number;
}

/** One MCP endpoint as an HTTP handler of every method. */
export interface McpHttpEndpoint {
  path: string;
  handle(request: Request, context: McpRequestContext): Promise<Response>;
}

/** The MCP endpoints of the catalog, each paid on its rail. */
export function createMcpEndpoints(
  endpoints: readonly McpEndpoint[],
  options: { deps: OperationDeps; origins: OriginPolicy },
): McpHttpEndpoint[] {
  return endpoints.map((endpoint) => {
    // Built on the endpoint's first request: its JSON Schemas are not held (or made) by an idle service.
    let toolset: Toolset | undefined;
    return {
      path: endpoint.path,
      handle(request, context) {
        if (request.method !== "POST") return Promise.resolve(methodNotAllowed(request));
        const refused = refusal(request, options.origins);
        if (refused) {
          return Promise.resolve(Response.json(jsonRpcError(refused.message), { status: refused.status }));
        }
        toolset ??= buildToolset(endpoint, options.deps.services);
        return serveMcp(request, context, toolset, options.deps);
      },
    };
  });
}

/** The MCP SDK, loaded on the first MCP request: a service nobody calls over MCP never carries it. */
let sdk:
  | Promise<
    [
      typeof import("./server.ts"),
      typeof import("@modelcontextprotocol/server"),
      typeof import("./jsonrpc_body.ts"),
    ]
  >
  | undefined;

async function serveMcp(
  request: Request,
  context: McpRequestContext,
  toolset: Toolset,
  deps: OperationDeps,
): Promise<Response> {
  sdk ??= Promise.all([
    importOnDemand<typeof import("./server.ts")>(new URL("./server.ts", import.meta.url)),
    import("@modelcontextprotocol/server"),
    importOnDemand<typeof import("./jsonrpc_body.ts")>(new URL("./jsonrpc_body.ts", import.meta.url)),
  ]);
  const [{ createMcpServer }, mcp, { checkJsonRpcBody }] = await sdk;
  const checked = await checkJsonRpcBody(request, toolset.maxBodyBytes);
  if (checked && "response" in checked) return checked.response;
  const server = (era: "legacy" | "modern") =>
    createMcpServer(toolset, deps, {
      era,
      requestId: context.requestId,
      endpointUrl: context.baseUrl + toolset.path,
      signal: request.signal,
      peer: context.peer,
      receivedAt: context.receivedAt,
      onPayer: context.setPayer,
    });
  const parsedBody = checked?.parsedBody;
  if (parsedBody !== undefined && !(await mcp.isLegacyRequest(request, parsedBody))) {
    // 2026-07-28: no session and no handshake; each request carries its version and client in `_meta`.
    const modern = mcp.createMcpHandler(() => server("modern"), {
      legacy: "reject",
      maxRequestBodySize: toolset.maxBodyBytes,
    });
    const response = await modern.fetch(request, { parsedBody });
    await modern.close();
    return response;
  }
  return await serveLegacy(mcp, server("legacy"), request, checked?.parsedBody, toolset.maxBodyBytes);
}

/**
 * A 2025-era request (`initialize` first, then `MCP-Protocol-Version` on every
 * request), stateless: a fresh transport without sessions answering JSON.
 */
async function serveLegacy(
  mcp: typeof import("@modelcontextprotocol/server"),
  server: import("@modelcontextprotocol/server").Server,
  request: Request,
  parsedBody: unknown,
  maxBodyBytes: number,
): Promise<Response> {
  const transport = new mcp.WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: maxBodyBytes,
  });
  await server.connect(transport);
  const negotiated = watchNegotiatedVersion(transport);
  try {
    const response = await transport.handleRequest(request, parsedBody === undefined ? {} : { parsedBody });
    const version = negotiated() ?? request.headers.get("mcp-protocol-version");
    if (version && response.ok) response.headers.set("MCP-Protocol-Version", version);
    return response;
  } finally {
    await server.close();
  }
}

/**
 * Notes the protocol version an `initialize` answer settles on, so the
 * response can state it in `MCP-Protocol-Version` like every later request will.
 */
function watchNegotiatedVersion(
  transport: import("@modelcontextprotocol/server").WebStandardStreamableHTTPServerTransport,
): () => string | undefined {
  let version: string | undefined;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const result = "result" in message ? message.result : undefined;
    if (typeof result?.protocolVersion === "string" && result.serverInfo) version = result.protocolVersion;
    return send(message, options);
  };
  return () => version;
}

function methodNotAllowed(request: Request): Response {
  if (request.method === "OPTIONS") {
    return new Response(null, { status: 204, headers: { Allow: "POST, OPTIONS" } });
  }
  const path = new URL(request.url).pathname;
  return Response.json(
    jsonRpcError(
      `Method ${request.method} not allowed on ${path}: use POST (the server is stateless, with no SSE ` +
        `stream or session)`,
    ),
    { status: 405, headers: { Allow: "POST, OPTIONS" } },
  );
}

function jsonRpcError(message: string) {
  return { jsonrpc: "2.0", error: { code: -32000, message }, id: null };
}
