/**
 * Discovery documents, generated from the operation registry: the MCP
 * registry's `server.json`, the AI catalog, the ERC-8004 agent registration
 * file and the `/.well-known/x402` resource list.
 *
 * @module
 */
import { type AnyOperation, type McpEndpoint, pathParamNames } from "../operation/mod.ts";
import { SERVICE_NAME, VERSION } from "../server/version.ts";

const DESCRIPTION =
  "Paid Solana diagnostics for agents: failures explained with a next action, fees, token risk";
const MCP_PROTOCOL_VERSION = "2025-11-25";

/** The reverse-DNS name of the service for the MCP registry, from its host. */
export function registryName(base: string): string {
  const host = new URL(base).hostname;
  const reversed = /^[\d.]+$/.test(host) || !host.includes(".") ? host : host.split(".").reverse().join(".");
  return `${reversed}/solana-diagnostics`;
}

/** `server.json` in the MCP registry format (schema 2025-12-11). */
export function serverJson(base: string, endpoints: readonly McpEndpoint[]): Record<string, unknown> {
  return {
    $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    name: registryName(base),
    title: SERVICE_NAME,
    description: DESCRIPTION,
    version: VERSION,
    websiteUrl: `${base}/guides/how-to-pay`,
    remotes: endpoints.map((endpoint) => ({ type: "streamable-http", url: base + endpoint.path })),
    _meta: {
      "io.modelcontextprotocol.registry/publisher-provided": {
        payment: "x402 v2, exact scheme, USDC; unpaid tool calls return the PaymentRequired object",
        endpoints: endpoints.map((endpoint) => ({
          url: base + endpoint.path,
          chain: endpoint.chain,
          network: endpoint.network,
          tools: endpoint.tools.map((tool) => ({ name: tool.id, price: tool.price })),
        })),
      },
    },
  };
}

/** `/.well-known/ai-catalog.json`: one entry per MCP endpoint, with its tools. */
export function aiCatalog(base: string, endpoints: readonly McpEndpoint[]): Record<string, unknown> {
  const host = new URL(base).host;
  const publisher = { identifier: `did:web:${encodeURIComponent(host)}`, displayName: SERVICE_NAME };
  return {
    specVersion: "1.0",
    host: {
      displayName: SERVICE_NAME,
      identifier: publisher.identifier,
      documentationUrl: `${base}/guides/how-to-pay`,
    },
    entries: endpoints.map((endpoint) => ({
      identifier: `urn:air:${host}:mcp:${endpoint.path === "/mcp" ? "solana" : "alt"}`,
      type: "application/mcp-server-card+json",
      displayName: `${SERVICE_NAME} (paid on ${endpoint.chain})`,
      description: `${DESCRIPTION}. Paid in USDC on ${endpoint.chain} over x402.`,
      tags: ["solana", "x402", "diagnostics", "mcp"],
      version: VERSION,
      publisher,
      data: {
        name: registryName(base),
        version: VERSION,
        protocolVersion: MCP_PROTOCOL_VERSION,
        transport: { type: "streamable-http", url: base + endpoint.path },
        payment: {
          protocol: "x402",
          x402Version: 2,
          scheme: "exact",
          network: endpoint.network,
          currency: "USDC",
        },
        tools: endpoint.tools.map((tool) => ({
          name: tool.id,
          title: tool.title,
          description: tool.summary,
          price: tool.price,
        })),
      },
    })),
  };
}

/** `/.well-known/agent-registration.json`: the ERC-8004 registration file. */
export function agentRegistration(base: string, endpoints: readonly McpEndpoint[]): Record<string, unknown> {
  return {
    type: "https://eips.ethereum.org/EIPS/eip-8004#registration-v1",
    name: SERVICE_NAME,
    description:
      `${DESCRIPTION}. Every call is paid per request in USDC over x402 (Solana at the plain paths, Base ` +
      `under /alt). OpenAPI: ${base}/openapi.json.`,
    image: `${base}/icon.svg`,
    services: [
      { name: "web", endpoint: `${base}/` },
      ...endpoints.map((endpoint) => ({
        name: "MCP",
        endpoint: base + endpoint.path,
        version: MCP_PROTOCOL_VERSION,
      })),
    ],
    x402Support: true,
    active: true,
    registrations: [],
    supportedTrust: [],
  };
}

/**
 * `/.well-known/x402`: every paid resource as a URL a crawler's probe gets a
 * 402 from. A GET operation is listed with its example filled in (path
 * parameters and query), since a template or a missing parameter answers
 * 400; a POST operation is listed as is, since a bare POST (no body) answers
 * the requirement.
 */
export function x402Resources(
  base: string,
  sold: readonly { prefix: string; operations: readonly AnyOperation[] }[],
) {
  return {
    version: 1,
    resources: sold.flatMap(({ prefix, operations }) =>
      operations.map((operation) => exampleUrl(base + prefix, operation))
    ),
    instructions:
      `Each resource answers 402 with an x402 v2 requirement (PAYMENT-REQUIRED header): GET as listed, POST ` +
      `without a body. Pay in USDC and repeat the request with PAYMENT-SIGNATURE. OpenAPI with prices and ` +
      `examples: ${base}/openapi.json; guide: ${base}/guides/how-to-pay.`,
  };
}

/** The URL of `operation` under `root`, with its example's path parameters and, for a GET, its query. */
export function exampleUrl(root: string, operation: AnyOperation): string {
  const example = operation.example ?? {};
  const pathParams = new Set(pathParamNames(operation));
  const path = operation.path.replace(
    /:([A-Za-z0-9_]+)/g,
    (whole, name: string) => name in example ? encodeURIComponent(String(example[name])) : whole,
  );
  const url = new URL(root + path);
  if (operation.method === "GET") {
    for (const [name, value] of Object.entries(example)) {
      if (pathParams.has(name)) continue;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
    }
  }
  return url.href;
}
