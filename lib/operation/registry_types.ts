/**
 * The types of the registry and of what it sells where, in one module
 * because they refer to each other: a free route's handler is handed the
 * catalog, whose registry lists the free routes.
 *
 * @module
 */
import type { PaymentRail } from "../payments/mod.ts";
import type { Runtime } from "../server/runtime.ts";
import type { AnyOperation } from "./define.ts";

/** Every operation and free route, with their paths. */
export interface Registry {
  /** Paid operations, in file order. */
  readonly operations: readonly AnyOperation[];
  /** The operations also sold under `/alt`, paid on the alternate chain. */
  readonly altOperations: readonly AnyOperation[];
  /** Free routes, in file order. */
  readonly routes: readonly FreeRoute[];
}

/** The operations sold under one HTTP prefix, paid on one rail. */
export interface SoldOn {
  prefix: "" | "/alt";
  rail: PaymentRail;
  operations: readonly AnyOperation[];
}

/** An MCP endpoint of the service, the rail it is paid on and the tools it lists. */
export interface McpEndpoint {
  path: "/mcp" | "/alt/mcp";
  chain: string;
  network: string;
  rail: PaymentRail;
  tools: readonly AnyOperation[];
}

/** An operation this runtime cannot run, where its route would be, and why. */
export interface Withheld {
  prefix: "" | "/alt";
  operation: AnyOperation;
  /** What its route answers (503), e.g. that ffmpeg may not be run here. */
  reason: string;
}

/** What is sold where. */
export interface Catalog {
  readonly registry: Registry;
  readonly soldOn: readonly SoldOn[];
  /** Operations not sold because this runtime cannot run them. */
  readonly withheld: readonly Withheld[];
  readonly mcpEndpoints: readonly McpEndpoint[];
}

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
