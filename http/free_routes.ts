/**
 * Serves the registry's free routes (health, descriptors, guides, local-mode
 * endpoints) over Hono: each handler gets a plain {@linkcode RouteRequest}
 * and answers a standard `Response`; errors it throws are rendered by the
 * app's error handler like any other.
 *
 * @module
 */
import type { Context, Hono } from "hono";
import type { Catalog, FreeRoute, RouteRequest } from "../lib/operation/mod.ts";
import type { Runtime } from "../lib/server/runtime.ts";
import { baseUrl } from "./context.ts";

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** Mounts every free route of the catalog's registry that this runtime serves. */
export function mountFreeRoutes(app: Hono, runtime: Runtime, catalog: Catalog): void {
  for (const route of catalog.registry.routes) {
    if (route.localOnly && !runtime.local) continue;
    // A path without parameters has none to decode on each request (`/healthz` is asked most).
    const hasParams = /[:*]/.test(route.path);
    mountFreeRoute(app, route, (c) => ({
      request: c.req.raw,
      params: hasParams ? c.req.param() as Record<string, string> : NO_PARAMS,
      requestId: c.get("requestId"),
      baseUrl: baseUrl(c),
      runtime,
      catalog,
    }));
  }
}

function mountFreeRoute(app: Hono, route: FreeRoute, requestOf: (c: Context) => RouteRequest): void {
  for (const method of ["GET", "POST"] as const) {
    const handler = route[method];
    if (handler) app.on(method, route.path, async (c) => await handler(requestOf(c)));
  }
}
