/**
 * The JSON-RPC 2.0 dispatcher of the local chain: a single request or a
 * batch in, the validator's answer out (results, or error objects with the
 * validator's codes). It never throws.
 *
 * @module
 */
import type { LocalChain } from "./chain.ts";
import { RPC_ERROR_CODES, RpcError, type RpcErrorObject } from "./rpc_error.ts";
import { ACCOUNT_METHODS } from "./rpc_accounts.ts";
import { CLUSTER_METHODS } from "./rpc_cluster.ts";
import type { RpcMethod } from "./rpc_params.ts";
import { TRANSACTION_METHODS } from "./rpc_transactions.ts";

/** A JSON-RPC response object. */
export type RpcResponse =
  | { jsonrpc: "2.0"; result: unknown; id: RequestId }
  | { jsonrpc: "2.0"; error: RpcErrorObject; id: RequestId };

type RequestId = string | number | null;

const METHODS: Record<string, RpcMethod> = { ...ACCOUNT_METHODS, ...CLUSTER_METHODS, ...TRANSACTION_METHODS };

/** Names of the methods the local chain answers. */
export const LOCAL_RPC_METHODS: readonly string[] = Object.freeze(Object.keys(METHODS).sort());

/**
 * Answers a JSON-RPC body: an object gives an object, a batch gives an array
 * (notifications, i.e. requests without `id`, get no entry; a body of only
 * notifications gives `null`).
 */
export function dispatchRpc(chain: LocalChain, body: unknown): RpcResponse | RpcResponse[] | null {
  if (Array.isArray(body)) {
    if (body.length === 0) {
      return failure(null, new RpcError(RPC_ERROR_CODES.invalidRequest, "Invalid request"));
    }
    const responses = body.map((request) => answer(chain, request)).filter((response) => response !== null);
    return responses.length > 0 ? responses : null;
  }
  return answer(chain, body);
}

function answer(chain: LocalChain, request: unknown): RpcResponse | null {
  if (!request || typeof request !== "object" || Array.isArray(request)) {
    return failure(null, new RpcError(RPC_ERROR_CODES.invalidRequest, "Invalid request"));
  }
  const { jsonrpc, method, params, id } = request as Record<string, unknown>;
  const isNotification = !("id" in request);
  const requestId: RequestId = typeof id === "string" || typeof id === "number" ? id : null;
  if (
    jsonrpc !== "2.0" || typeof method !== "string" || (id !== undefined && requestId === null && id !== null)
  ) {
    return failure(requestId, new RpcError(RPC_ERROR_CODES.invalidRequest, "Invalid request"));
  }
  const handler = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
  let response: RpcResponse;
  if (!handler) {
    response = failure(requestId, new RpcError(RPC_ERROR_CODES.methodNotFound, "Method not found"));
  } else if (params !== undefined && params !== null && !Array.isArray(params)) {
    response = failure(
      requestId,
      new RpcError(RPC_ERROR_CODES.invalidParams, "Invalid params: invalid type: map, expected a sequence."),
    );
  } else {
    response = call(chain, handler, (params ?? []) as unknown[], requestId);
  }
  return isNotification ? null : response;
}

function call(chain: LocalChain, handler: RpcMethod, params: unknown[], id: RequestId): RpcResponse {
  try {
    return { jsonrpc: "2.0", result: handler(params, { chain }), id };
  } catch (error) {
    if (error instanceof RpcError) return failure(id, error);
    const detail = error instanceof Error ? error.message : String(error);
    return failure(id, new RpcError(RPC_ERROR_CODES.internalError, "Internal error", detail));
  }
}

function failure(id: RequestId, error: RpcError): RpcResponse {
  return { jsonrpc: "2.0", error: error.toJSON(), id };
}
