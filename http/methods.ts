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
 * @module
 */
import type { Context } from "hono";
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
}

/**
 * The answer to a request no route took, from every route mounted: a 405
 * (thrown, for the error handler) or a 204 to a plain OPTIONS on a known
 * path; `undefined` on an unknown path.
 */
export function otherMethods(routes: readonly RouteEntry[]): (c: Context) => Response | undefined {
  const methodsByPath = new Map<string, Set<string>>();
  for (const route of routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    (methodsByPath.get(route.path) ?? methodsByPath.set(route.path, new Set()).get(route.path)!).add(
      route.method,
    );
  }
  // A static path also takes the methods of the parameterised paths it matches: POST /v1/token/risk and
  // GET /v1/token/:mint share a path.
  const paths = [...methodsByPath.keys()].sort((a, b) => Number(a.includes(":")) - Number(b.includes(":")));
  const allowOf = (path: string) =>
    [
      ...new Set(
        paths.filter((other) => other === path || patternMatches(other, path))
          .flatMap((other) => [...methodsByPath.get(other)!]),
      ),
      "OPTIONS",
    ].join(", ");
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
