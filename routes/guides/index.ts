/**
 * `GET /guides` (free): the list of guides.
 *
 * @module
 */
import { GUIDES } from "../../lib/discovery/mod.ts";
import { defineRoute, jsonResponse } from "../../lib/operation/mod.ts";

export default defineRoute({
  summary: "The guides",
  GET: (route) =>
    jsonResponse(route, {
      guides: GUIDES.map((guide) => ({ ...guide, url: `${route.baseUrl}/guides/${guide.slug}` })),
    }),
});
