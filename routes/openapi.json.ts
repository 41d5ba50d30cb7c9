/**
 * `GET /openapi.json` (free): the OpenAPI 3.1 description of every operation
 * on every rail it is sold on, generated from the registry.
 *
 * @module
 */
import { defineRoute } from "../lib/operation/mod.ts";
import { loadOpenApi } from "../lib/discovery/mod.ts";

export default defineRoute({
  summary: "OpenAPI 3.1 with every operation, its schemas, examples, statuses and price, and the free routes",
  async GET({ baseUrl, catalog, runtime }) {
    // The generator and its recorded response examples load on the first request, not at start.
    const { openApiDocument } = await loadOpenApi();
    return Response.json(openApiDocument(baseUrl, catalog, runtime.local !== undefined));
  },
});
