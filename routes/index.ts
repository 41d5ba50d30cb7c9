/**
 * `GET /` (free): what the service is and where everything is: OpenAPI, the
 * MCP endpoints, the guides, and every operation with its price and network.
 *
 * @module
 */
import { GUIDES } from "../lib/discovery/mod.ts";
import { defineRoute, jsonResponse } from "../lib/operation/mod.ts";
import { SERVICE_NAME, VERSION } from "../lib/server/version.ts";

export default defineRoute({
  summary: "The service's index: OpenAPI, MCP endpoints, guides and every operation with its price",
  GET(route) {
    const { baseUrl, catalog, runtime } = route;
    return jsonResponse(route, {
      name: SERVICE_NAME,
      version: VERSION,
      mode: runtime.config.mode,
      openapi: `${baseUrl}/openapi.json`,
      mcp: catalog.mcpEndpoints.map((endpoint) => `${baseUrl}${endpoint.path}`),
      guides: GUIDES.map((guide) => `${baseUrl}/guides/${guide.slug}`),
      operations: catalog.soldOn.flatMap(({ prefix, rail, operations }) =>
        operations.map((op) => ({
          id: op.id,
          method: op.method,
          path: prefix + op.path,
          price: op.price,
          network: rail.network,
          summary: op.summary,
        }))
      ),
    });
  },
});
