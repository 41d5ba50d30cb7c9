/**
 * Plain JSON-RPC calls on the local EVM node (Anvil), for the few calls made
 * at start, where loading viem would cost more than the calls themselves.
 *
 * @module
 */

/** A JSON-RPC method call on the node at `rpcUrl`: its result, or an error with the node's message. */
export type NodeCall = (method: string, params: unknown[]) => Promise<unknown>;

/** Calls JSON-RPC methods on the node at `rpcUrl`. */
export function nodeCall(rpcUrl: string): NodeCall {
  let id = 0;
  return async (method, params) => {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = await response.json() as { result?: unknown; error?: { message?: string } };
    if (answer.error) {
      throw new Error(`${method} failed: ${answer.error.message ?? JSON.stringify(answer.error)}`);
    }
    return answer.result;
  };
}
