/**
 * The HTTP adapter: request context and CORS, every registry operation on its
 * rails (plain paths paid on Solana, `/alt` on the EVM chain), the registry's
 * free routes (`/` as a page for a browser), any extra endpoints the top of the application hands in (the
 * MCP endpoints), and one JSON error model for everything.
 *
 * Middleware: CORS and the request id are ours rather than Hono's `cors` and
 * `requestId`, because Hono's `cors` answers every OPTIONS as a preflight
 * (a plain OPTIONS must get `Allow`) and adds CORS headers to requests without
 * an `Origin`, and the request id shares one middleware with the access log
 * line. Body caps are enforced where the body is read
 * (`lib/operation/body.ts`), since the cap is per operation and the 413 names
 * it. Hono has no method-not-allowed middleware, hence {@linkcode otherMethods},
 * asked before the 404.
 *
 * @module
 */
import { Hono } from "hono";
import { type Catalog, maxBodyBytesOf, type OperationDeps } from "../lib/operation/mod.ts";
import type { Runtime } from "../lib/server/runtime.ts";
import type { PeerAddress } from "../lib/shared/client_presence.ts";
import { admission, workRequest } from "./admission.ts";
import { baseUrl, envelope, requestContext, serveInfo } from "./context.ts";
import { cors } from "./cors.ts";
import { errorResponse } from "./errors.ts";
import { mountFreeRoutes } from "./free_routes.ts";
import { indexPageForBrowsers } from "./index_page.ts";
import { requireAllowedHost } from "./host.ts";
import { mountShadowedMethods, otherMethods } from "./methods.ts";
import { mountOperation, mountWithheld } from "./operation.ts";

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

/** What an extra endpoint's handler is told about its request. */
export interface EndpointContext {
  requestId: string;
  /** The public base URL: `PUBLIC_URL`, or the request's origin. */
  baseUrl: string;
  /** Records who paid, for the access log. */
  setPayer(payer: string): void;
  /** The client's address, when the server tells it (to see whether the client is still there). */
  peer?: PeerAddress;
  /** When the request came, `performance.now()`. */
  receivedAt?: number;
}

/** An endpoint served as is on every method (the MCP endpoints). */
export interface RawEndpoint {
  path: string;
  handle(request: Request, context: EndpointContext): Promise<Response>;
}

/** Options for {@linkcode createHttpApp}. */
export interface HttpAppOptions {
  runtime: Runtime;
  catalog: Catalog;
  /** What selling an operation needs. */
  deps: OperationDeps;
  /** Endpoints served as they are, before the operations. */
  endpoints?: readonly RawEndpoint[];
}

/** Builds the HTTP application. Serve it with `Deno.serve(app.fetch)`. */
export function createHttpApp(options: HttpAppOptions): Hono {
  const { runtime, catalog } = options;
  const { log } = runtime;
  const app = new Hono();
  app.use("*", requestContext(log, runtime.config.publicUrl));
  app.use("*", requireAllowedHost(runtime.config.allowedHosts));
  app.use("*", cors({ ...CORS, maxAge: 600 }));
  app.use(
    "*",
    admission({
      budget: runtime.bodyBudget,
      drain: runtime.drain,
      largestBodyBytes: largestBody(catalog, options.deps),
      log,
    }),
  );
  app.onError((error, c) => errorResponse(c, error, log));

  app.get("/", indexPageForBrowsers(catalog, runtime.config.mode));
  mountFreeRoutes(app, runtime, catalog);
  for (const endpoint of options.endpoints ?? []) {
    app.all(endpoint.path, (c) =>
      endpoint.handle(workRequest(c), {
        requestId: c.get("requestId"),
        baseUrl: baseUrl(c),
        setPayer: (payer) => c.set("payer", payer),
        peer: serveInfo(c.env)?.remoteAddr,
        receivedAt: c.get("receivedAt"),
      }));
  }
  const { deps } = options;
  mountShadowedMethods(app, [
    ...catalog.soldOn.flatMap(({ prefix, operations }) =>
      operations.map((operation) => ({ method: operation.method, path: prefix + operation.path }))
    ),
    ...catalog.withheld.map(({ operation, prefix }) => ({
      method: operation.method,
      path: prefix + operation.path,
    })),
  ]);
  for (const { prefix, rail, operations } of catalog.soldOn) {
    for (const operation of operations) {
      mountOperation(app, { operation, rail, prefix, deps, mode: runtime.config.mode });
    }
  }
  for (const withheld of catalog.withheld) mountWithheld(app, withheld);
  const otherMethod = otherMethods(app.routes);
  app.notFound((c) =>
    otherMethod(c) ??
      c.json(envelope(c, { error: `Not found: no route for ${c.req.method} ${c.req.path}` }), 404)
  );
  return app;
}

/** The largest body any sold operation accepts (its cap allows base64 in JSON), plus an MCP envelope. */
function largestBody(catalog: Catalog, deps: OperationDeps): number {
  const caps = catalog.soldOn.flatMap(({ operations }) =>
    operations.map((operation) => maxBodyBytesOf(operation, deps.services))
  );
  return Math.max(0, ...caps) + 64 * 1024;
}
