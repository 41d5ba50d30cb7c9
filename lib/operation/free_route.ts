/**
 * Free routes: what a route file under `routes/` exports when its path is not
 * a paid operation (health, descriptors, guides, local-mode endpoints). Like
 * an operation, its path is its file's place; its handlers take a plain
 * {@linkcode RouteRequest} and answer a standard `Response`, so a route file
 * knows nothing of the HTTP framework serving it.
 *
 * @module
 */
import type { DeclaredRoute, RouteDeclaration, RouteRequest } from "./registry_types.ts";
import { withEnvelope } from "./envelope.ts";

/**
 * Declares a free route, as the default export of a route file.
 *
 * @example `routes/healthz.ts`
 * ```ts
 * export default defineRoute({ summary: "Health", GET: async ({ runtime }) => Response.json(...) });
 * ```
 */
export function defineRoute(route: RouteDeclaration): DeclaredRoute {
  return { ...route, kind: "route" };
}

/** A JSON answer with the envelope (`requestId`, `timestamp`). */
export function jsonResponse(route: RouteRequest, body: object, init?: ResponseInit): Response {
  return Response.json(withEnvelope(route.requestId, body), init);
}
