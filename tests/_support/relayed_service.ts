/**
 * The service in local mode, paying through its own facilitator over the
 * facilitator's HTTP API, behind a loopback relay the test controls: switch it
 * off, make one path answer 500, or turn the facilitator's refusals into 4xx
 * answers as some hosted facilitators send them.
 *
 * @module
 */
import { HTTPFacilitatorClient } from "@x402/core/server";
import { startTestService, type TestService, type TestServiceOptions } from "./service.ts";

/** The relay's controls. */
export interface FacilitatorRelay {
  readonly url: string;
  /** Answers requests whose path ends with `path` with a 500 ("" for none). */
  fail(path: string): void;
  /**
   * Relays requests whose path ends with `path` and then drops the
   * facilitator's answer, as a connection broken after the request went
   * through would (`""` for none): the caller gets a 502.
   */
  dropAnswer(path: string): void;
  /**
   * Relays requests whose path ends with `path` and holds the facilitator's
   * answer until `release` resolves (`""` for none); resolves once an answer
   * is held (the request went through).
   */
  holdAnswer(path: string, release?: Promise<void>): Promise<void>;
  /** Answers the facilitator's refusals (`isValid`/`success` false) with a 400. */
  refuseWith4xx(on: boolean): void;
  /**
   * Holds requests whose path ends with `path` until `release` resolves (by
   * default never), then relays them; `""` holds none. Resolves once a
   * request is held.
   */
  hold(path: string, release?: Promise<void>): Promise<void>;
  /** The last path segment of every request that reached the relay, in order (`verify`, `settle`, …). */
  readonly seen: string[];
  stop(): Promise<void>;
}

/**
 * The relay, and `forwardTo()` naming the facilitator once it listens (until
 * then it answers 502); on its own for a service in another process.
 */
export function startFacilitatorRelay(): FacilitatorRelay & { forwardTo(target: string): void } {
  let target = "";
  let failing = "";
  let dropping = "";
  let heldAnswer: { path: string; release: Promise<void>; reached: () => void } | undefined;
  let refuse4xx = false;
  let held: { path: string; release: Promise<void>; reached: () => void } | undefined;
  const stopping = Promise.withResolvers<void>();
  const seen: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const url = new URL(request.url);
    seen.push(url.pathname.slice(url.pathname.lastIndexOf("/") + 1));
    if (failing && url.pathname.endsWith(failing)) return new Response("upstream timeout", { status: 500 });
    if (!target) return new Response("facilitator not listening yet", { status: 502 });
    if (held && url.pathname.endsWith(held.path)) {
      held.reached();
      // A request held past the relay's stop is dropped, as a facilitator that never answers would leave it.
      const dropped = await Promise.race([held.release.then(() => false), stopping.promise.then(() => true)]);
      if (dropped) return new Response(null, { status: 504 });
    }
    const upstream = await fetch(target + url.pathname + url.search, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    if (heldAnswer && url.pathname.endsWith(heldAnswer.path)) {
      const body = await upstream.arrayBuffer();
      heldAnswer.reached();
      await Promise.race([heldAnswer.release, stopping.promise]);
      return new Response(body, { status: upstream.status, headers: upstream.headers });
    }
    if (dropping && url.pathname.endsWith(dropping)) {
      await upstream.body?.cancel();
      return new Response("connection lost", { status: 502 });
    }
    if (!refuse4xx || !upstream.ok) return upstream;
    const body = await upstream.json();
    const refused = body?.isValid === false || body?.success === false;
    return Response.json(body, { status: refused ? 400 : upstream.status });
  });
  let stopped: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    seen,
    forwardTo(url) {
      target = url;
    },
    fail(path) {
      failing = path;
    },
    dropAnswer(path) {
      dropping = path;
    },
    holdAnswer(path, release = new Promise<void>(() => {})) {
      const reached = Promise.withResolvers<void>();
      heldAnswer = path ? { path, release, reached: reached.resolve } : undefined;
      return reached.promise;
    },
    refuseWith4xx(on) {
      refuse4xx = on;
    },
    hold(path, release = new Promise<void>(() => {})) {
      const reached = Promise.withResolvers<void>();
      held = path ? { path, release, reached: reached.resolve } : undefined;
      return reached.promise;
    },
    stop: () => {
      stopping.resolve();
      return stopped ??= server.shutdown();
    },
  };
}

/**
 * Starts the service behind a relay to its own facilitator; `close()` stops
 * both. `env` adds to its environment.
 */
export async function startRelayedService(
  options: Pick<TestServiceOptions, "log" | "facilitatorTimeoutMs" | "env" | "onRequest"> = {},
): Promise<TestService & { relay: FacilitatorRelay }> {
  // The service listens on a port of its own choosing (one picked beforehand could be taken meanwhile),
  // so the relay learns where its facilitator is only once it listens.
  const relay = startFacilitatorRelay();
  const service = await startTestService({
    facilitator: new HTTPFacilitatorClient({ url: relay.url }),
    facilitatorRetryMs: 50,
    ...options,
    env: { ALT_ROUTES: "off", ...options.env },
  });
  relay.forwardTo(`${service.base}/local/facilitator`);
  // The start-up probe ran before the service listened; the next request tries again.
  await new Promise((resolve) => setTimeout(resolve, 60));
  return {
    ...service,
    relay,
    async close() {
      await relay.stop();
      await service.close();
    },
  };
}
