/**
 * An upstream that accepts connections and never answers, until told to:
 * a loopback server that reads each request and holds it, and once
 * {@linkcode StallingUpstream.answer} is called relays every request (the
 * held ones too) to a real one. It stands for a facilitator or an RPC that
 * is down in the worst way, then comes back.
 *
 * @module
 */

/** A stalling upstream's controls. */
export interface StallingUpstream {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Requests received so far. */
  readonly received: number;
  /** From now on (held requests included), relays to the real upstream. */
  answer(): void;
  close(): Promise<void>;
}

/** Starts an upstream that stalls, and later relays to `target` (the request's path appended). */
export function startStallingUpstream(target: string): StallingUpstream {
  const answering = Promise.withResolvers<boolean>();
  let received = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    received++;
    const body = await request.arrayBuffer();
    if (!(await answering.promise)) return new Response(null, { status: 503 });
    const url = new URL(request.url);
    const path = url.pathname === "/" ? "" : url.pathname;
    return await fetch(target + path + url.search, {
      method: request.method,
      headers: request.headers,
      body: request.method === "GET" || request.method === "HEAD" ? undefined : body,
    });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    get received() {
      return received;
    },
    answer: () => answering.resolve(true),
    close() {
      // Requests still held are let go unanswered (a 503), so the server can stop.
      answering.resolve(false);
      return server.shutdown();
    },
  };
}
