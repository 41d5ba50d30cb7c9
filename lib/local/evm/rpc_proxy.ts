/**
 * A JSON-RPC proxy in front of the local Anvil node, for callers outside the
 * service (wallets, agents testing payments). It forwards the standard read
 * and broadcast methods and refuses everything else — above all Anvil's own
 * `anvil_*`, `evm_*` and `hardhat_*` methods, which would let a caller mint
 * itself money by rewriting state. It never throws: every failure becomes a
 * JSON-RPC error object.
 *
 * @module
 */
import { timeBudget } from "../../shared/time_budget.ts";

/** Methods a caller may use through the proxy. */
export const PROXIED_METHODS: ReadonlySet<string> = new Set([
  "web3_clientVersion",
  "net_version",
  "net_listening",
  "eth_chainId",
  "eth_syncing",
  "eth_blockNumber",
  "eth_getBlockByNumber",
  "eth_getBlockByHash",
  "eth_getBlockTransactionCountByNumber",
  "eth_getBlockTransactionCountByHash",
  "eth_getBalance",
  "eth_getCode",
  "eth_getStorageAt",
  "eth_getTransactionCount",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_getBlockReceipts",
  "eth_getLogs",
  "eth_call",
  "eth_estimateGas",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_feeHistory",
  "eth_blobBaseFee",
  "eth_sendRawTransaction",
]);

/** Calls accepted in one batch. */
export const MAX_BATCH = 100;

/** A JSON-RPC 2.0 response object. */
export interface JsonRpcResponse {
  jsonrpc: "2.0";
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** Options for {@linkcode createRpcProxy}. */
export interface RpcProxyOptions {
  /** Time budget of one forwarded HTTP round trip, in milliseconds (default 30 s). */
  timeoutMs?: number;
  /** Tells whether the node is still up; when not, calls fail without a round trip. */
  isRunning?: () => boolean;
}

/** A call that passed validation, with the caller's id. */
interface ForwardedCall {
  index: number;
  id: string | number | null;
  method: string;
  params: unknown;
}

/**
 * Creates a proxy to the JSON-RPC endpoint `rpcUrl`.
 *
 * @example Reading the chain id
 * ```ts
 * const handle = createRpcProxy("http://127.0.0.1:8545");
 * await handle({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] });
 * // → { jsonrpc: "2.0", id: 1, result: "0x14a34" }
 * ```
 *
 * @param rpcUrl The node's endpoint.
 * @param options Time budget and liveness check.
 * @returns A function taking a parsed request or batch and resolving to the response or responses.
 */
export function createRpcProxy(
  rpcUrl: string,
  options: RpcProxyOptions = {},
): (body: unknown) => Promise<unknown> {
  const { timeoutMs = 30_000, isRunning = () => true } = options;
  const node: ProxiedNode = { rpcUrl, timeoutMs, isRunning };

  return async function handleRpc(body: unknown): Promise<unknown> {
    const isBatch = Array.isArray(body);
    if (isBatch && body.length === 0) return failure(null, -32600, "Invalid request: empty batch");
    if (isBatch && body.length > MAX_BATCH) {
      return failure(
        null,
        -32600,
        `Invalid request: batch of ${body.length} calls is over the limit of ${MAX_BATCH}`,
      );
    }
    const entries: unknown[] = isBatch ? body : [body];
    const responses: JsonRpcResponse[] = new Array(entries.length);
    const forwarded: ForwardedCall[] = [];
    entries.forEach((entry, index) => {
      const checked = checkCall(entry, index);
      if ("method" in checked) forwarded.push(checked);
      else responses[index] = checked;
    });
    if (forwarded.length > 0) {
      const replies = await forward(node, forwarded);
      for (const call of forwarded) responses[call.index] = replies[call.index]!;
    }
    return isBatch ? responses : responses[0];
  };
}

/** The node a proxy forwards to, with its time budget and liveness check. */
interface ProxiedNode {
  readonly rpcUrl: string;
  readonly timeoutMs: number;
  readonly isRunning: () => boolean;
}

/** Sends the valid calls to the node in one round trip; indexes stand in for ids. */
async function forward(node: ProxiedNode, calls: ForwardedCall[]): Promise<Record<number, JsonRpcResponse>> {
  if (!node.isRunning()) return failAll(calls, "the node is stopped");
  const payload = calls.map((call) => ({
    jsonrpc: "2.0",
    id: call.index,
    method: call.method,
    ...(call.params === undefined ? {} : { params: call.params }),
  }));
  let answer: unknown;
  // Ended with the call: a timeout signal would keep the call's answer reachable for the whole budget.
  const budget = timeBudget(node.timeoutMs);
  try {
    const response = await fetch(node.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
      signal: budget.signal,
    });
    answer = await response.json();
  } catch (error) {
    const reason = error instanceof DOMException && error.name === "TimeoutError"
      ? `no answer within ${node.timeoutMs} ms`
      : error instanceof SyntaxError
      ? "the node sent a malformed answer"
      : "the node is unreachable";
    return failAll(calls, reason);
  } finally {
    budget.end();
  }
  return matchReplies(calls, answer);
}

/** The node's answer to `calls`, each under its caller's id; a call the node left unanswered fails. */
function matchReplies(calls: ForwardedCall[], answer: unknown): Record<number, JsonRpcResponse> {
  const replies: Record<number, JsonRpcResponse> = {};
  const byIndex = new Map<unknown, Record<string, unknown>>();
  for (const reply of Array.isArray(answer) ? answer : [answer]) {
    if (reply && typeof reply === "object") byIndex.set((reply as { id?: unknown }).id, reply);
  }
  for (const call of calls) {
    const reply = byIndex.get(call.index);
    if (reply && ("result" in reply || "error" in reply)) {
      replies[call.index] = "error" in reply
        ? { jsonrpc: "2.0", id: call.id, error: reply.error as JsonRpcResponse["error"] }
        : { jsonrpc: "2.0", id: call.id, result: reply.result };
    } else {
      replies[call.index] = failure(
        call.id,
        -32603,
        "Local EVM chain unavailable: the node sent no answer",
      );
    }
  }
  return replies;
}

/** Fails every one of `calls` with the chain unavailable for `reason`. */
function failAll(calls: ForwardedCall[], reason: string): Record<number, JsonRpcResponse> {
  const replies: Record<number, JsonRpcResponse> = {};
  for (const call of calls) {
    replies[call.index] = failure(call.id, -32603, `Local EVM chain unavailable: ${reason}`);
  }
  return replies;
}

/** Validates one request object: a forwardable call, or an error response. */
function checkCall(entry: unknown, index: number): ForwardedCall | JsonRpcResponse {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) {
    return failure(null, -32600, "Invalid request: expected a JSON-RPC request object");
  }
  const request = entry as Record<string, unknown>;
  const id = isId(request.id) ? request.id : null;
  if (request.jsonrpc !== "2.0") return failure(id, -32600, 'Invalid request: "jsonrpc" must be "2.0"');
  if ("id" in request && !isId(request.id)) {
    return failure(null, -32600, 'Invalid request: "id" must be a string, a number or null');
  }
  if (typeof request.method !== "string") {
    return failure(id, -32600, 'Invalid request: "method" must be a string');
  }
  if (request.params !== undefined && (typeof request.params !== "object" || request.params === null)) {
    return failure(id, -32602, 'Invalid params: "params" must be an array or an object');
  }
  if (!PROXIED_METHODS.has(request.method)) {
    return failure(id, -32601, `Method "${request.method}" is not available on the local EVM chain`);
  }
  return { index, id, method: request.method, params: request.params };
}

/** Whether `value` is a valid JSON-RPC id. */
function isId(value: unknown): value is string | number | null {
  return value === null || typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

/** Builds a JSON-RPC error response. */
function failure(id: string | number | null, code: number, message: string): JsonRpcResponse {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
