/**
 * Serves an embedded chain's JSON-RPC: the body (at most 2 MiB) is parsed
 * and handed over; a body that is not JSON gets the JSON-RPC parse error.
 *
 * @module
 */
import { readBodyBytes } from "../../lib/operation/mod.ts";

const MAX_RPC_BODY_BYTES = 2 * 1024 * 1024;

/** Answers a JSON-RPC request with `handle`. */
export async function proxyRpc(
  request: Request,
  handle: (body: unknown) => Promise<unknown>,
): Promise<Response> {
  const raw = await readBodyBytes(request, MAX_RPC_BODY_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return Response.json({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null });
  }
  return Response.json(await handle(body));
}

/** The embedded chains, for a route that is only mounted in local mode. */
export function localChains<T>(local: T | undefined): T {
  if (!local) throw new Error("A local-mode route was served outside local mode");
  return local;
}
