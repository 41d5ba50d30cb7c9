/**
 * A Solana RPC on loopback that answers every request wrongly, one way at a
 * time: the answers an overloaded, misconfigured or misbehaving node (or a
 * proxy in front of it) really sends. The service in local mode points
 * `SOLANA_RPC_URL` at it; payments still settle on the embedded chain.
 *
 * @module
 */

/** One way of answering wrongly: the calls of the request (ids in order) to a response. */
export type BrokenAnswer = (ids: unknown[]) => Response;

const JSON_TYPE = { "content-type": "application/json" };
const HTML_TYPE = { "content-type": "text/html; charset=utf-8" };
const HTML_PAGE = "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>" +
  "<body><h1>Bad Gateway</h1><p>The upstream server is not responding.</p></body></html>";

function replies(ids: unknown[], reply: (id: unknown) => unknown): Response {
  return Response.json(ids.map((id) => ({ jsonrpc: "2.0", id, ...(reply(id) as object) })));
}

function raw(body: string, status = 200, headers: HeadersInit = JSON_TYPE): Response {
  return new Response(body, { status, headers });
}

/** Every broken answer the sweep serves, by name. */
export const BROKEN_ANSWERS: Record<string, BrokenAnswer> = {
  "invalid JSON": () => raw('{"jsonrpc":"2.0","id":0,"result":{oops}'),
  "an empty body": () => raw(""),
  "an HTML page with status 200": () => raw(HTML_PAGE, 200, HTML_TYPE),
  "an HTML error page with status 502": () => raw(HTML_PAGE, 502, HTML_TYPE),
  "truncated JSON": (ids) =>
    raw(JSON.stringify(ids.map((id) => ({ jsonrpc: "2.0", id, result: { value: [1, 2, 3] } }))).slice(0, 40)),
  "HTTP 429 rate limiting": () => raw('{"error":"Too many requests"}', 429),
  "JSON-RPC error -32005 (node behind) on every call": (ids) =>
    replies(ids, () => ({ error: { code: -32005, message: "Node is behind by 1200 slots" } })),
  "JSON-RPC error -32603 (internal) on every call": (ids) =>
    replies(ids, () => ({ error: { code: -32603, message: "Internal error" } })),
  "one JSON-RPC error for the whole batch": () =>
    Response.json({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid request" } }),
  "an error field that is not an error object": (ids) => replies(ids, () => ({ error: "nope" })),
  "a result that is a string": (ids) => replies(ids, () => ({ result: "garbage" })),
  "a result of the wrong shape": (ids) => replies(ids, () => ({ result: { unexpected: [1, 2, 3] } })),
  "a context-value result of the wrong shape": (ids) =>
    replies(ids, () => ({ result: { context: { slot: 1 }, value: "garbage" } })),
  "a result that is an array of numbers": (ids) => replies(ids, () => ({ result: [1, 2, 3] })),
  "replies to other ids": (ids) =>
    Response.json(ids.map((_, i) => ({ jsonrpc: "2.0", id: 1000 + i, result: 1 }))),
  "replies without result or error": (ids) => replies(ids, () => ({})),
  "a JSON number": () => raw("42"),
  "JSON null": () => raw("null"),
};

/** A running broken RPC. */
export interface BrokenRpc {
  /** Its URL, for `SOLANA_RPC_URL`. */
  readonly url: string;
  /** The answer served now (a key of {@linkcode BROKEN_ANSWERS}). */
  mode: string;
  /** Requests received so far. */
  readonly hits: number;
  close(): Promise<void>;
}

/** Starts a broken RPC on a free loopback port. */
export function startBrokenRpc(mode: string): BrokenRpc {
  let hits = 0;
  const state = { mode };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    hits++;
    let ids: unknown[] = [];
    try {
      const payload = await request.json();
      ids = (Array.isArray(payload) ? payload : [payload]).map((call) => call?.id);
    } catch {
      // The answer is wrong whatever was asked.
    }
    return BROKEN_ANSWERS[state.mode]!(ids);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    get mode() {
      return state.mode;
    },
    set mode(value: string) {
      if (!(value in BROKEN_ANSWERS)) throw new Error(`Unknown broken answer "${value}"`);
      state.mode = value;
    },
    get hits() {
      return hits;
    },
    close: () => server.shutdown(),
  };
}
