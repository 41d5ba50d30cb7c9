/**
 * `GET /openapi.json` (free): the OpenAPI 3.1 description of every operation
 * on every rail it is sold on, generated from the registry.
 *
 * @module
 */
import { openApiDocument } from "../lib/discovery/openapi.ts";
import { defineRoute } from "../lib/operation/mod.ts";

export default defineRoute({
  summary: "OpenAPI 3.1 with every operation, its schemas, examples, statuses and price, and the free routes",
  GET: ({ baseUrl, catalog, runtime }) =>
    Response.json(openApiDocument(baseUrl, catalog, runtime.local !== undefined)),
});
