/**
 * Refuses requests for a `Host` the service does not answer to (421
 * Misdirected Request, with the JSON error body), before anything else runs:
 * a hostile name resolved to the service's address (DNS rebinding) reaches
 * nothing, and no forged `Host` ends up in a URL the service writes.
 *
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { hostAllowed, type HostRule } from "../lib/shared/allowed_hosts.ts";
import { envelope } from "./context.ts";

/** How many allowed `Host` values are remembered as such (a few names and ports in practice). */
const KNOWN_HOSTS = 64;

/** Serves only requests whose `Host` is one of `rules`. */
export function requireAllowedHost(rules: readonly HostRule[]): MiddlewareHandler {
  // Parsing a host takes a URL parse: remember the values already allowed. Refusals are not kept, and
  // past KNOWN_HOSTS values the others are parsed each time, so no client can make this grow.
  const allowed = new Set<string>();
  return async function requireAllowedHost(c, next) {
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    if (!allowed.has(host)) {
      if (!hostAllowed(host, rules)) {
        return c.json(
          envelope(c, {
            error: `Misdirected request: this service does not answer to host "${host.slice(0, 255)}"`,
          }),
          421,
        );
      }
      if (allowed.size < KNOWN_HOSTS) allowed.add(host);
    }
    await next();
  };
}
