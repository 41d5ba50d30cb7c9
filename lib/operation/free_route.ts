/**
 * Free routes: what a route file under `routes/` exports when its path is not
 * a paid operation (health, descriptors, guides, local-mode endpoints). Like
 * an operation, its path is its file's place; its handlers take a plain
 * {@linkcode RouteRequest} and answer a standard `Response`, so a route file
 * knows nothing of the HTTP framework serving it.
 *
 * @module
 */
import type { Runtime } from "../runtime.ts";
import type { Catalog } from "./catalog.ts";
import { withEnvelope } from "./envelope.ts";

/** What a free route's handler receives. */
export interface RouteRequest {
  /** The request as received. */
  readonly request: Request;
  /** Path parameters, by the names of the file's `[param]` segments. */
  readonly params: Readonly<Record<string, string>>;
  /** The request's id (echoed in `X-Request-Id` and every JSON body). */
  readonly requestId: string;
  /** The public base URL: `PUBLIC_URL`, or the request's origin. */
  readonly baseUrl: string;
  /** The running service. */
  readonly runtime: Runtime;
  /** What is sold where, from the registry. */
  readonly catalog: Catalog;
}

/** A handler of one method. Throws the service's errors; the HTTP adapter renders them. */
export type RouteHandler = (request: RouteRequest) => Response | Promise<Response>;

/** A free route as its file declares it. */
export interface RouteDeclaration {
  /** One line for OpenAPI and listings. */
  readonly summary: string;
  /** Served only in local mode (the embedded chains' endpoints). */
  readonly localOnly?: boolean;
  /** Handlers by method. */
  readonly GET?: RouteHandler;
  readonly POST?: RouteHandler;
}

/** A free route as its file exports it. */
export type DeclaredRoute = RouteDeclaration & { readonly kind: "route" };

/** A registered free route: its declaration and its path. */
export type FreeRoute = DeclaredRoute & { readonly path: string };

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
