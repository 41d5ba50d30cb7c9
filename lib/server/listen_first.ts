/**
 * Listen first, start after: the server binds its port as the process starts,
 * before the service's modules load and its parts start, and answers for the
 * service until the application takes over. A host that starts the process
 * on a request (Deno Deploy answers 502 while nothing listens) or probes it
 * (`/livez`) gets an answer at once: `/livez` says the process is alive,
 * `/readyz` and everything else answer 503 with `Retry-After` and why. No
 * payment is asked meanwhile: nothing can be sold before the service is up.
 *
 * This module imports nothing, so that it loads in no time.
 *
 * @module
 */

/** What the server answers while the application is not there. */
export interface Waiting {
  /** Why nothing is served yet, for the answers' `error`. */
  readonly reason: string;
  /** Seconds a client should wait before asking again. */
  readonly retryAfterSeconds: number;
}

/** A server that listens already and serves the application once handed it. */
export interface EarlyServer {
  readonly server: Deno.HttpServer;
  /** From now on, requests go to `handler`. */
  serve(handler: Deno.ServeHandler): void;
  /** Changes what is answered while no handler serves (e.g. an incomplete configuration). */
  wait(waiting: Waiting): void;
}

/** The answer for `request` while the service is `waiting`. */
export function waitingAnswer(request: Request, waiting: Waiting): Response {
  const requestId = request.headers.get("x-request-id") ?? crypto.randomUUID();
  const { pathname } = new URL(request.url);
  const headers = { "x-request-id": requestId, "cache-control": "no-store" };
  if (pathname === "/livez") return Response.json({ status: "alive", requestId }, { headers });
  const retryAfter = String(waiting.retryAfterSeconds);
  const body = pathname === "/readyz"
    ? { status: "not_ready", ready: false, cannot: [{ what: "everything", why: waiting.reason }], requestId }
    : { error: waiting.reason, requestId };
  return Response.json(body, { status: 503, headers: { ...headers, "retry-after": retryAfter } });
}

/** Listens on `options` at once, answering as `waiting` until {@linkcode EarlyServer.serve}. */
export function listenFirst(
  options: Deno.ServeTcpOptions,
  waiting: Waiting = { reason: "The service is starting: try again in a second", retryAfterSeconds: 1 },
): EarlyServer {
  let handler: Deno.ServeHandler | undefined;
  let current = waiting;
  const server = Deno.serve(
    options,
    (request, info) => handler ? handler(request, info) : waitingAnswer(request, current),
  );
  return {
    server,
    serve(next) {
      handler = next;
    },
    wait(next) {
      current = next;
    },
  };
}
