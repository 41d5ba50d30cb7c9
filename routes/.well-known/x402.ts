/**
 * `GET /.well-known/x402` (free): every paid resource, for x402 crawlers.
 *
 * @module
 */
import { x402Resources } from "../../lib/discovery/mod.ts";
import { defineRoute } from "../../lib/operation/mod.ts";

export default defineRoute({
  summary: "Every paid resource",
  GET: ({ baseUrl, catalog }) => Response.json(x402Resources(baseUrl, catalog.soldOn)),
});
