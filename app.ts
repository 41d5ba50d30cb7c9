/**
 * The application: the registry of route files, what it sells where on this
 * runtime (only what the runtime can run), and the two adapters side by side on it — HTTP (operations and
 * free routes) and MCP (`/mcp`, `/alt/mcp`), which never import each other.
 *
 * @module
 */
import type { Hono } from "hono";
import { createHttpApp } from "./http/app.ts";
import { buildRegistry, catalogOf, type OperationDeps, type Registry } from "./lib/operation/mod.ts";
import { withheldOperations } from "./lib/server/capabilities.ts";
import type { Runtime } from "./lib/server/runtime.ts";
import { createMcpEndpoints } from "./mcp/endpoints.ts";
import { routeFiles } from "./routes/_manifest.ts";

/** The registry of every route file under `routes/`. */
export const registry: Registry = buildRegistry(routeFiles);

/** Builds the application for `runtime`. Serve it with `Deno.serve(app.fetch)`. */
export function createApp(runtime: Runtime): Hono {
  const catalog = catalogOf(registry, runtime.rails, withheldOperations(runtime.capabilities));
  const { config } = runtime;
  const deps: OperationDeps = {
    gateway: runtime.gateway,
    services: runtime.services,
    log: runtime.log,
    requestTimeoutMs: config.requestTimeoutMs,
  };
  const mcp = createMcpEndpoints(catalog.mcpEndpoints, {
    deps,
    origins: {
      allowedOrigins: config.allowedOrigins,
      publicUrl: config.publicUrl,
      local: config.mode === "local",
      allowedHosts: config.allowedHosts,
    },
  });
  return createHttpApp({ runtime, catalog, deps, endpoints: mcp });
}
