/**
 * The free part of the OpenAPI document: the registry's free routes (health,
 * descriptors, guides and, in local mode, the embedded chains' endpoints),
 * each with its summary, and the MCP endpoints.
 *
 * @module
 */
import { type Catalog, openApiPath } from "../operation/mod.ts";

/** OpenAPI path items of the free routes and MCP endpoints of `catalog`. */
export function freePaths(catalog: Catalog, local: boolean): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of catalog.registry.routes) {
    if (route.localOnly && !local) continue;
    const path = openApiPath(route.path);
    const parameters = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    for (const method of ["GET", "POST"] as const) {
      if (!route[method]) continue;
      (paths[path] ??= {})[method.toLowerCase()] = {
        operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, "_").replace(/_$/, "")}`,
        summary: route.summary,
        tags: ["Free"],
        ...(parameters.length ? { parameters } : {}),
        ...(method === "POST"
          ? {
            requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
          }
          : {}),
        responses: { "200": { description: route.summary } },
      };
    }
  }
  for (const endpoint of catalog.mcpEndpoints) {
    paths[endpoint.path] = {
      post: {
        operationId: `mcp${endpoint.path.replace(/[^A-Za-z0-9]+/g, "_")}`,
        summary:
          `MCP server (Streamable HTTP, stateless, JSON responses); tools paid in USDC on ${endpoint.chain}`,
        tags: ["Free"],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { type: "object", description: "A JSON-RPC 2.0 message of the MCP protocol" },
              example: { jsonrpc: "2.0", id: 1, method: "tools/list" },
            },
          },
        },
        responses: { "200": { description: "The JSON-RPC answer" }, "202": { description: "Notification" } },
      },
    };
  }
  return paths;
}
