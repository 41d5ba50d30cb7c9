/**
 * Methods a path does not take: a known path with another method gets 405
 * and the methods it takes in `Allow`; a plain OPTIONS (not a CORS preflight,
 * which the CORS layer answers) gets those methods with a 204.
 *
 * These are answered once no route took the request, not by a catch-all
 * route per path: a catch-all on both `/a/b` and `/a/:x` is more than Hono's
 * fastest router (a precompiled regular expression, static paths answered
 * from a table) can hold, and the slower one it falls back to costs every
 * request more than the rest of the routing.
 *
 * One case cannot wait for the 404: a static path that only another method
 * takes (POST `/v1/token/risk`) is matched by a parameterised route of this
 * method (GET `/v1/token/:mint`), which would read `risk` as a mint. The
 * parameterised route gets a first handler ({@linkcode mountShadowedMethods})
 * that answers such a path the same 405 and passes any other on. (A route of
 * its own for GET `/v1/token/risk` beside GET `/v1/token/:mint` would be
 * more than the fast router can hold, too.)
 *
 * @module
 */
import type { Context, Hono } from "hono";
import { HttpStatusError } from "./errors.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The route pattern of a path answered here (for the access log). */
    otherMethodRoute: string;
  }
}

/** A route as Hono lists it. */
interface RouteEntry {
  method: string;
  path: string;
  handler?: unknown;
}

/** The handlers {@linkcode mountShadowedMethods} mounts: they refuse a method, so they do not count as taking it. */
const refusals = new WeakSet<object>();

/**
 * The answer to a request no route took, from every route mounted: a 405
 * (thrown, for the error handler) or a 204 to a plain OPTIONS on a known
 * path; `undefined` on an unknown path.
 */
export function otherMethods(routes: readonly RouteEntry[]): (c: Context) => Response | undefined {
  const methodsByPath = new Map<string, Set<string>>();
  for (const route of routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    if (typeof route.handler === "function" && refusals.has(route.handler)) continue;
    (methodsByPath.get(route.path) ?? methodsByPath.set(route.path, new Set()).get(route.path)!).add(
      route.method,
    );
  }
  // A static path takes its own methods only: GET /v1/token/:mint does not make GET /v1/token/risk a mint
  // (mountShadowedMethods refuses it).
  const paths = [...methodsByPath.keys()].sort((a, b) => Number(a.includes(":")) - Number(b.includes(":")));
  const allowOf = (path: string) => [...methodsByPath.get(path)!, "OPTIONS"].join(", ");
  const statics = new Map(paths.filter((path) => !path.includes(":")).map((path) => [path, allowOf(path)]));
  const patterns = paths.filter((path) => path.includes(":")).map((path) => ({ path, allow: allowOf(path) }));
  return function otherMethod(c) {
    const path = c.req.path;
    const allow = statics.get(path);
    const known = allow === undefined
      ? patterns.find((pattern) => patternMatches(pattern.path, path))
      : undefined;
    if (allow === undefined && !known) return undefined;
    c.set("otherMethodRoute", known?.path ?? path);
    const methods = allow ?? known!.allow;
    if (c.req.method === "OPTIONS") return c.body(null, 204, { Allow: methods });
    c.header("Allow", methods);
    throw new HttpStatusError(
      "method_not_allowed",
      `Method ${c.req.method} not allowed on ${path}: use ${methods}`,
    );
  };
}

/** Whether route `pattern` (with `:param` segments) matches the static `path`. */
function patternMatches(pattern: string, path: string): boolean {
  if (!pattern.includes(":") || path.includes(":")) return false;
  const wanted = pattern.split("/");
  const given = path.split("/");
  return wanted.length === given.length &&
    wanted.every((segment, i) => segment.startsWith(":") ? given[i] !== "" : segment === given[i]);
}

/**
 * Mounts a 405 for each method of a parameterised route in `routes` on each
 * static path of `routes` it would capture but that does not take that
 * method (GET `/v1/token/risk`, taken by GET `/v1/token/:mint`): a first
 * handler on the parameterised route that refuses that path and passes any
 * other on. Call it before mounting `routes`: Hono runs handlers in the order
 * they were added.
 */
export function mountShadowedMethods(app: Hono, routes: readonly RouteEntry[]): void {
  const methodsByPath = new Map<string, Set<string>>();
  for (const { method, path } of routes) {
    (methodsByPath.get(path) ?? methodsByPath.set(path, new Set()).get(path)!).add(method);
  }
  const statics = [...methodsByPath.keys()].filter((path) => !path.includes(":"));
  for (const { method, path: pattern } of routes) {
    for (const path of statics) {
      if (methodsByPath.get(path)!.has(method) || !patternMatches(pattern, path)) continue;
      const allow = [...methodsByPath.get(path)!, "OPTIONS"].join(", ");
      const refuse = (c: Context): never => {
        c.set("otherMethodRoute", path);
        c.header("Allow", allow);
        throw new HttpStatusError(
          "method_not_allowed",
          `Method ${method} not allowed on ${path}: use ${allow}`,
        );
      };
      const refuseShadowed = async function refuseShadowed(c: Context, next: () => Promise<void>) {
        if (c.req.path === path) refuse(c);
        await next();
      };
      refusals.add(refuseShadowed);
      app.on(method, pattern, refuseShadowed);
    }
  }
}
