/**
 * Free descriptor endpoints, all generated from the registry and built from
 * `PUBLIC_URL` or the request's origin: `/openapi.json`, `/server.json`,
 * `/.well-known/ai-catalog.json`, `/.well-known/agent-registration.json`,
 * `/.well-known/x402`, and a small index at `/`.
 *
 * @module
 */
import { Hono } from "hono";
import type { Runtime } from "../lib/runtime.ts";
import { SERVICE_NAME, VERSION } from "../lib/version.ts";
import { baseUrl, envelope } from "./_http/context.ts";
import {
  agentRegistration,
  aiCatalog,
  type McpEndpoint,
  serverJson,
  x402Resources,
} from "./_descriptors/catalogs.ts";
import { openApiDocument, type SoldOn } from "./_descriptors/openapi.ts";
import { altOperations, operations } from "./registry.ts";
import { GUIDES } from "./guides.ts";

const ICON =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" ` +
  `fill="#14151a"/><path d="M16 42h26l6-6H22zm0-14h26l6 6H22zm0-8h26l6-6H22z" fill="#9945ff"/></svg>`;

/** Where each operation is sold. */
export function soldOn(runtime: Runtime): SoldOn[] {
  const { solana, evm } = runtime.rails;
  return [
    { prefix: "", rail: solana, operations },
    ...(evm ? [{ prefix: "/alt", rail: evm, operations: altOperations }] : []),
  ];
}

/** The MCP endpoints and the tools each lists. */
export function mcpEndpoints(runtime: Runtime): McpEndpoint[] {
  const { solana, evm } = runtime.rails;
  return [
    { path: "/mcp", chain: solana.label, network: solana.network, tools: operations },
    ...(evm
      ? [{ path: "/alt/mcp" as const, chain: evm.label, network: evm.network, tools: altOperations }]
      : []),
  ];
}

/** The descriptor routes. */
export function descriptorRoutes(runtime: Runtime): Hono {
  return new Hono()
    .get("/", (c) =>
      c.json(envelope(c, {
        name: SERVICE_NAME,
        version: VERSION,
        mode: runtime.config.mode,
        openapi: `${baseUrl(c)}/openapi.json`,
        mcp: mcpEndpoints(runtime).map((endpoint) => `${baseUrl(c)}${endpoint.path}`),
        guides: GUIDES.map((guide) => `${baseUrl(c)}/guides/${guide.slug}`),
        operations: soldOn(runtime).flatMap(({ prefix, rail, operations }) =>
          operations.map((op) => ({
            id: op.id,
            method: op.method,
            path: prefix + op.path,
            price: op.price,
            network: rail.network,
            summary: op.summary,
          }))
        ),
      })))
    .get("/openapi.json", (c) => c.json(openApiDocument(baseUrl(c), soldOn(runtime))))
    .get("/server.json", (c) => c.json(serverJson(baseUrl(c), mcpEndpoints(runtime))))
    .get("/.well-known/ai-catalog.json", (c) => {
      c.header("Content-Type", "application/ai-catalog+json");
      return c.body(JSON.stringify(aiCatalog(baseUrl(c), mcpEndpoints(runtime))));
    })
    .get(
      "/.well-known/agent-registration.json",
      (c) => c.json(agentRegistration(baseUrl(c), mcpEndpoints(runtime))),
    )
    .get("/.well-known/x402", (c) => c.json(x402Resources(baseUrl(c), soldOn(runtime))))
    .get(
      "/icon.svg",
      (c) => c.body(ICON, 200, { "Content-Type": "image/svg+xml", "Cache-Control": "max-age=86400" }),
    );
}
