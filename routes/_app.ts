/**
 * The HTTP application: request context and CORS, every registry operation on
 * its rails (plain paths paid on Solana, `/alt` on the EVM chain), the free
 * endpoints (health, descriptors, guides), the local-mode chain endpoints, and
 * one JSON error model for everything.
 *
 * @module
 */
import { Hono } from "hono";
import type { Runtime } from "../lib/runtime.ts";
import { envelope, requestContext } from "./_http/context.ts";
import { cors } from "./_http/cors.ts";
import { errorResponse, HttpStatusError } from "./_http/errors.ts";
import { mountOperation } from "./_http/operation.ts";
import { altOperations, operations } from "./registry.ts";
import { descriptorRoutes } from "./descriptors.ts";
import { guideRoutes } from "./guides.ts";
import { healthRoutes } from "./healthz.ts";
import { localRoutes } from "./local.ts";
import { mcpRoutes } from "../mcp/http.ts";

/** Headers a browser may send and read. */
const CORS = {
  allowHeaders: [
    "Content-Type",
    "Accept",
    "PAYMENT-SIGNATURE",
    "X-PAYMENT",
    "X-Request-Id",
    "Access-Control-Expose-Headers",
    "MCP-Protocol-Version",
    "Mcp-Session-Id",
  ],
  exposeHeaders: [
    "PAYMENT-REQUIRED",
    "PAYMENT-RESPONSE",
    "X-Request-Id",
    "Retry-After",
    "MCP-Protocol-Version",
    "Mcp-Session-Id",
  ],
};

/** Builds the application for `runtime`. Serve it with `Deno.serve(app.fetch)`. */
export function createApp(runtime: Runtime): Hono {
  const { log } = runtime;
  const app = new Hono();
  app.use("*", requestContext(log, runtime.config.publicUrl));
  app.use("*", cors({ ...CORS, maxAge: 600 }));
  app.onError((error, c) => errorResponse(c, error, log));
  app.notFound((c) =>
    c.json(envelope(c, { error: `Not found: no route for ${c.req.method} ${c.req.path}` }), 404)
  );

  app.route("/", healthRoutes(runtime));
  app.route("/", descriptorRoutes(runtime));
  app.route("/guides", guideRoutes());
  if (runtime.local) app.route("/local", localRoutes(runtime.local));
  app.route("/", mcpRoutes(runtime));

  const deps = {
    gateway: runtime.gateway,
    services: runtime.services,
    requestTimeoutMs: runtime.config.requestTimeoutMs,
  };
  for (const operation of operations) mountOperation(app, operation, runtime.rails.solana, "", deps);
  if (runtime.rails.evm) {
    for (const operation of altOperations) mountOperation(app, operation, runtime.rails.evm, "/alt", deps);
  }

  // A known path with another method gets 405 and the methods it takes; a plain OPTIONS (not a CORS
  // preflight, which the CORS layer answers) gets those methods with a 204.
  const methodsByPath = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    (methodsByPath.get(route.path) ?? methodsByPath.set(route.path, new Set()).get(route.path)!).add(
      route.method,
    );
  }
  // Static paths first (the first matching route answers), each with the methods of the
  // parameterised paths it also matches: POST /v1/token/risk and GET /v1/token/:mint share a path.
  const paths = [...methodsByPath.keys()].sort((a, b) => Number(a.includes(":")) - Number(b.includes(":")));
  for (const path of paths) {
    const methods = new Set(
      paths.filter((other) => other === path || patternMatches(other, path))
        .flatMap((other) => [...methodsByPath.get(other)!]),
    );
    const allow = [...methods, "OPTIONS"].join(", ");
    app.all(path, (c) => {
      c.header("Allow", allow);
      if (c.req.method === "OPTIONS") return c.body(null, 204);
      throw new HttpStatusError(405, `Method ${c.req.method} not allowed on ${c.req.path}: use ${allow}`);
    });
  }
  return app;
}

/** Whether route `pattern` (with `:param` segments) matches the static `path`. */
function patternMatches(pattern: string, path: string): boolean {
  if (!pattern.includes(":") || path.includes(":")) return false;
  const wanted = pattern.split("/");
  const given = path.split("/");
  return wanted.length === given.length &&
    wanted.every((segment, i) => segment.startsWith(":") ? given[i] !== "" : segment === given[i]);
}
