/**
 * `GET /.well-known/ai-catalog.json` (free): an AI catalog entry per MCP
 * endpoint and its tools.
 *
 * @module
 */
import { aiCatalog } from "../../lib/discovery/mod.ts";
import { defineRoute } from "../../lib/operation/mod.ts";

export default defineRoute({
  summary: "AI catalog with one entry per MCP endpoint and its tools",
  GET: ({ baseUrl, catalog }) =>
    new Response(JSON.stringify(aiCatalog(baseUrl, catalog.mcpEndpoints)), {
      headers: { "Content-Type": "application/ai-catalog+json" },
    }),
});
