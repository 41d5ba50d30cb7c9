/**
 * Per-request context: the request id (a client's own `X-Request-Id` when it
 * is sane, else a new UUID), the response envelope every JSON body carries
 * (`requestId`, `timestamp`), and the access log line.
 *
 * @module
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "../lib/shared/log.ts";
import type { PeerAddress } from "../lib/shared/client_presence.ts";
import { withEnvelope } from "../lib/operation/mod.ts";
import { serviceMetrics } from "../lib/shared/telemetry.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The request's id. */
    requestId: string;
    /** The paying address, once a payment is verified. */
    payer?: string;
    /** `PUBLIC_URL`, when configured. */
    publicUrl?: string;
    /** When the request came, `performance.now()`. */
    receivedAt: number;
  }
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Sets the request id, echoes it in `X-Request-Id`, logs one access line per
 * request and counts it by route and status, and records `PUBLIC_URL` (when set) for {@linkcode baseUrl}.
 */
export function requestContext(log: Logger, publicUrl?: string): MiddlewareHandler {
  return async function requestContext(c, next) {
    if (publicUrl) c.set("publicUrl", publicUrl);
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", requestId);
    const started = performance.now();
    c.set("receivedAt", started);
    await next();
    setHeader(c, "X-Request-Id", requestId);
    const payer = c.get("payer");
    const route = c.get("otherMethodRoute") ?? c.req.routePath;
    serviceMetrics.requests.add(1, { "http.route": route, "http.response.status_code": c.res.status });
    log({
      type: "access",
      requestId,
      method: c.req.method,
      path: c.req.path,
      route,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(payer ? { payer } : {}),
    });
  };
}

/** Sets a header on the response, copying it first when its headers are immutable (proxied responses). */
export function setHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}

/** `body` with the envelope fields every JSON response carries. */
export function envelope<T extends object>(
  c: Context,
  body: T,
): T & { requestId: string; timestamp: string } {
  return withEnvelope(c.get("requestId"), body);
}

/** The public base URL: `PUBLIC_URL` when configured, else the request's origin. */
export function baseUrl(c: Context): string {
  const url = c.req.url;
  return c.get("publicUrl") ?? url.slice(0, pathStart(url));
}

/** The request's URL as the public sees it: on `PUBLIC_URL` when configured. */
export function publicRequestUrl(c: Context): string {
  const publicUrl = c.get("publicUrl");
  const url = c.req.url;
  return publicUrl ? publicUrl + url.slice(pathStart(url)) : url;
}

/**
 * Where the path begins in a request's URL. A request's URL is already
 * serialized by the URL parser (`scheme://host[:port]/path?query`, no user
 * info, default port left out), so what comes before is its origin and what
 * follows its path and query, without parsing it again.
 */
function pathStart(url: string): number {
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  return slash < 0 ? url.length : slash;
}

/** What `Deno.serve` tells a handler about its connection (Hono's `c.env` when served by it). */
export interface ServeInfo {
  remoteAddr?: PeerAddress;
  completed?: Promise<void>;
}

/** The connection info `Deno.serve` handed Hono as `c.env`, when it did. */
export function serveInfo(env: unknown): ServeInfo | undefined {
  if (typeof env !== "object" || env === null) return undefined;
  const { remoteAddr, completed } = env as {
    remoteAddr?: { hostname?: unknown; port?: unknown };
    completed?: unknown;
  };
  return {
    remoteAddr: typeof remoteAddr?.hostname === "string" && typeof remoteAddr.port === "number"
      ? { hostname: remoteAddr.hostname, port: remoteAddr.port }
      : undefined,
    completed: completed instanceof Promise ? completed : undefined,
  };
}
