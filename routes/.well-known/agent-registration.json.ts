/**
 * `GET /.well-known/agent-registration.json` (free): the ERC-8004
 * registration file.
 *
 * @module
 */
import { agentRegistration } from "../../lib/discovery/mod.ts";
import { defineRoute } from "../../lib/operation/mod.ts";

export default defineRoute({
  summary: "ERC-8004 registration file (x402Support: true)",
  GET: ({ baseUrl, catalog }) => Response.json(agentRegistration(baseUrl, catalog.mcpEndpoints)),
});
