/**
 * `GET /server.json` (free): the MCP registry's `server.json` for both MCP
 * endpoints.
 *
 * @module
 */
import { serverJson } from "../lib/discovery/mod.ts";
import { defineRoute } from "../lib/operation/mod.ts";

export default defineRoute({
  summary: "MCP registry server.json with both remotes",
  GET: ({ baseUrl, catalog }) => Response.json(serverJson(baseUrl, catalog.mcpEndpoints)),
});
