/**
 * How the service is found: the x402 Bazaar extensions on each offer, the
 * catalogues (`/server.json`, `/.well-known/...`), the guides, and the
 * OpenAPI document, which is built with its first request.
 *
 * @module
 */
import { importOnDemand } from "../shared/on_demand.ts";

export { discoveryExtension, mcpDiscoveryExtension } from "./bazaar.ts";
export { agentRegistration, aiCatalog, serverJson, x402Resources } from "./catalogs.ts";
export { guideHtml, guideMarkdown, GUIDES } from "./guides.ts";

/** The OpenAPI document's builder (`openApiDocument`), imported on first use. */
export function loadOpenApi(): Promise<typeof import("./openapi.ts")> {
  return importOnDemand<typeof import("./openapi.ts")>(new URL("./openapi.ts", import.meta.url));
}
