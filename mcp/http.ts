/**
 * The MCP endpoints over Streamable HTTP: `/mcp` paid on Solana and, when the
 * alternate chain is on, `/alt/mcp` paid on it, each listing the tools
 * {@linkcode mcpEndpoints} names (the same list `/server.json` and the AI
 * catalog publish).
 *
 * Stateless: every POST gets a fresh server and transport and a JSON answer.
 * There is no SSE stream and no session, so GET and DELETE answer 405. A
 * request with a foreign `Origin` answers 403. `MCP-Protocol-Version` is
 * checked by the transport (400 for an unsupported version) and answered with
 * the version in use (the negotiated one on `initialize`).
 *
 * @module
 */
import { Hono } from "hono";
import type { Context, MiddlewareHandler } from "hono";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { PaymentRail } from "../lib/payments/rails.ts";
import type { Runtime } from "../lib/runtime.ts";
import type { McpEndpoint } from "../routes/_descriptors/catalogs.ts";
import { baseUrl } from "../routes/_http/context.ts";
import { mcpEndpoints } from "../routes/descriptors.ts";
import { originAllowed, type OriginPolicy } from "./origin.ts";
import type { McpDeps } from "./server.ts";
import { buildToolset, type Toolset } from "./tools.ts";

/** The MCP routes of `runtime`, to mount at the root. */
export function mcpRoutes(runtime: Runtime): Hono {
  const app = new Hono();
  const deps: McpDeps = {
    gateway: runtime.gateway,
    services: runtime.services,
    log: runtime.log,
    requestTimeoutMs: runtime.config.requestTimeoutMs,
  };
  const policy: OriginPolicy = {
    allowedOrigins: runtime.config.allowedOrigins,
    publicUrl: runtime.config.publicUrl,
    local: runtime.config.mode === "local",
  };
  for (const endpoint of mcpEndpoints(runtime)) {
    const toolset = buildToolset(endpoint, railOf(runtime, endpoint), runtime.services);
    app.post(
      endpoint.path,
      validateOrigin(policy),
      (c) => serveMcp(c, toolset, deps),
    );
    app.all(endpoint.path, methodNotAllowed);
  }
  return app;
}

function railOf(runtime: Runtime, endpoint: McpEndpoint): PaymentRail {
  const rail = [runtime.rails.solana, runtime.rails.evm].find((r) => r?.network === endpoint.network);
  if (!rail) throw new Error(`No payment rail for MCP endpoint "${endpoint.path}" ("${endpoint.network}")`);
  return rail;
}

/** The MCP SDK, loaded on the first MCP request: a service nobody calls over MCP never carries it. */
let sdk:
  | Promise<
    [
      typeof import("./server.ts"),
      typeof import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
    ]
  >
  | undefined;

async function serveMcp(c: Context, toolset: Toolset, deps: McpDeps): Promise<Response> {
  sdk ??= Promise.all([
    import("./server.ts"),
    import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
  ]);
  const [{ createMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await sdk;
  const server = createMcpServer(toolset, deps, {
    requestId: c.get("requestId"),
    endpointUrl: baseUrl(c) + toolset.path,
    signal: c.req.raw.signal,
    onPayer: (payer) => c.set("payer", payer),
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: toolset.maxBodyBytes,
  });
  await server.connect(transport);
  const negotiated = watchNegotiatedVersion(transport);
  try {
    const response = await transport.handleRequest(c.req.raw);
    const version = negotiated() ?? c.req.header("mcp-protocol-version");
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
  transport: WebStandardStreamableHTTPServerTransport,
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

/** Refuses requests whose `Origin` is not allowed (403, JSON-RPC error body). */
export function validateOrigin(policy: OriginPolicy): MiddlewareHandler {
  return async function validateOrigin(c, next) {
    const origin = c.req.header("origin");
    if (origin !== undefined && !originAllowed(origin, c.req.url, policy)) {
      return c.json(
        jsonRpcError(
          `Forbidden origin "${origin}": this MCP endpoint accepts browser requests only from its own ` +
            `origin and ALLOWED_ORIGINS`,
        ),
        403,
      );
    }
    await next();
  };
}

function methodNotAllowed(c: Context): Response {
  if (c.req.method === "OPTIONS") return c.body(null, 204, { Allow: "POST, OPTIONS" });
  return c.json(
    jsonRpcError(
      `Method ${c.req.method} not allowed on ${c.req.path}: use POST (the server is stateless, with no SSE ` +
        `stream or session)`,
    ),
    405,
    { Allow: "POST, OPTIONS" },
  );
}

function jsonRpcError(message: string) {
  return { jsonrpc: "2.0", error: { code: -32000, message }, id: null };
}
