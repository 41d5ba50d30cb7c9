/**
 * CORS for browsers, at no cost to other clients: requests without an
 * `Origin` header pass untouched; browser requests get the allowed and
 * exposed headers (x402's `PAYMENT-*` among them), and preflights a 204.
 *
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { setHeader } from "./context.ts";

/** Options for {@linkcode cors}. */
export interface CorsOptions {
  /** Request headers a browser may send. */
  allowHeaders: string[];
  /** Response headers a browser may read. */
  exposeHeaders: string[];
  /** Seconds a preflight answer may be cached. */
  maxAge: number;
}

/** Allows any origin to call the API from a browser (it holds no cookies or credentials). */
export function cors(options: CorsOptions): MiddlewareHandler {
  const allowHeaders = options.allowHeaders.join(", ");
  const exposeHeaders = options.exposeHeaders.join(", ");
  const methods = "GET, POST, OPTIONS";
  return async function cors(c, next) {
    if (!c.req.header("origin")) return await next();
    if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method")) {
      return c.body(null, 204, {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": methods,
        "Access-Control-Allow-Headers": allowHeaders,
        "Access-Control-Max-Age": String(options.maxAge),
        Vary: "Origin",
      });
    }
    await next();
    setHeader(c, "Access-Control-Allow-Origin", "*");
    setHeader(c, "Access-Control-Expose-Headers", exposeHeaders);
  };
}
