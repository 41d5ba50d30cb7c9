/**
 * Methods a path does not take: a known path with another method gets 405
 * and the methods it takes in `Allow`; a plain OPTIONS (not a CORS preflight,
 * which the CORS layer answers) gets those methods with a 204.
 *
 * @module
 */
import type { Hono } from "hono";
import { HttpStatusError } from "./errors.ts";

/** Adds the 405/OPTIONS answers for every path routed so far; call it after mounting every route. */
export function answerOtherMethods(app: Hono): void {
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
}

/** Whether route `pattern` (with `:param` segments) matches the static `path`. */
function patternMatches(pattern: string, path: string): boolean {
  if (!pattern.includes(":") || path.includes(":")) return false;
  const wanted = pattern.split("/");
  const given = path.split("/");
  return wanted.length === given.length &&
    wanted.every((segment, i) => segment.startsWith(":") ? given[i] !== "" : segment === given[i]);
}
