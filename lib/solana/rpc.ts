/**
 * A Solana JSON-RPC client (plain calls over our own HTTP transport, typed
 * ones through `@solana/kit`'s RPC, loaded with the first), with a time budget per call,
 * JSON-RPC batches (one HTTP round trip for several calls), a round-trip
 * counter for benchmarks, and every upstream failure mapped onto the service's
 * error model, always with a `Retry-After`: 502 when the RPC is unreachable or
 * answers something that is not a JSON-RPC answer (HTML, an empty or truncated
 * body, the wrong shape), 503 when it is rate-limiting or says it is unhealthy,
 * 504 when it does not answer in time.
 *
 * @module
 */
// Kit's RPC package is loaded with the first typed call, not at start (about 1.5 MB resident).
import type { Rpc, RpcTransport, SolanaRpcApi } from "@solana/rpc";
import { UnavailableError, UpstreamError, UpstreamTimeoutError } from "../shared/errors.ts";
import { createJsonRpcHttpTransport, RpcHttpError } from "./json_rpc_http.ts";
import { msSince, serviceMetrics, traced } from "../shared/telemetry.ts";
import { callBudget } from "../shared/time_budget.ts";

/** One call of a JSON-RPC batch. */
export interface RpcCall {
  method: string;
  params: unknown[];
}

/** The outcome of one call in a batch: a result or a JSON-RPC error. */
export type RpcOutcome =
  | { ok: true; result: unknown }
  | { ok: false; error: { code: number; message: string; data?: unknown } };

/** A Solana RPC endpoint. */
export interface SolanaClient {
  /** The endpoint's URL. */
  readonly url: string;
  /** Typed single calls through `@solana/kit` (its RPC package loads with the first use). */
  kitRpc(): Promise<Rpc<SolanaRpcApi>>;
  /** Sends several calls in one HTTP round trip; outcomes come back in call order. */
  batch(calls: RpcCall[], signal?: AbortSignal): Promise<RpcOutcome[]>;
  /** Sends one call as a plain request (not a batch of one, which some providers refuse). */
  call(method: string, params: unknown[], signal?: AbortSignal): Promise<RpcOutcome>;
  /** HTTP round trips made so far (for benchmarks and tests). */
  readonly stats: { roundTrips: number };
}

/** Options for {@linkcode createSolanaClient}. */
export interface SolanaClientOptions {
  /** Time budget of one HTTP round trip, in milliseconds (default 10 s). */
  timeoutMs?: number;
  /**
   * Answers JSON-RPC payloads in process instead of over HTTP (the embedded
   * local chain). Answers are passed through JSON so they look exactly as if
   * they had crossed the wire.
   */
  handler?: (payload: unknown) => Promise<unknown>;
}

/**
 * Creates a client for the Solana RPC at `url`.
 *
 * @example Reading the slot
 * ```ts
 * const client = createSolanaClient("http://127.0.0.1:8000/local/solana");
 * const slot = await (await client.kitRpc()).getSlot().send();
 * ```
 */
export function createSolanaClient(url: string, options: SolanaClientOptions = {}): SolanaClient {
  const { timeoutMs = 10_000, handler } = options;
  const stats = { roundTrips: 0 };
  /** `inner` with the time budget, the round-trip count and failures mapped onto the service's errors. */
  const bounded = (inner: RpcTransport): RpcTransport =>
    function transport(config) {
      stats.roundTrips++;
      const method = rpcMethodOf(config.payload);
      return traced("solana.rpc", { "rpc.method": method }, async () => {
        // Ended with the call (see `time_budget.ts`): not held for 10 s after an answer in microseconds.
        const budget = callBudget(config.signal, timeoutMs);
        const started = performance.now();
        try {
          return await inner({ ...config, signal: budget.signal });
        } catch (error) {
          const failure = toServiceError(error, budget.overBudget());
          serviceMetrics.rpcErrors.add(1, { "rpc.method": method, "error.type": errorKind(failure) });
          throw failure;
        } finally {
          budget.end();
          serviceMetrics.rpcDuration.record(msSince(started), { "rpc.method": method });
        }
      });
    };
  // Plain calls speak JSON-RPC over HTTP without kit; kit's typed RPC keeps kit's transport, loaded with it.
  const transport = bounded(
    handler
      ? async <T>({ payload }: { payload: unknown }) =>
        JSON.parse(JSON.stringify(await handler(payload))) as T
      : createJsonRpcHttpTransport(url),
  );
  let kitHttp: Promise<RpcTransport> | undefined;
  const kitTransport = handler ? transport : bounded(async (config) => {
    kitHttp ??= import("@solana/rpc").then(({ createDefaultRpcTransport }) =>
      createDefaultRpcTransport({ url: url as `http://${string}` })
    );
    return await (await kitHttp)(config);
  });

  async function batch(calls: RpcCall[], signal?: AbortSignal): Promise<RpcOutcome[]> {
    if (calls.length === 0) return [];
    const payload = calls.map((call, id) => ({
      jsonrpc: "2.0",
      id,
      method: call.method,
      params: call.params,
    }));
    const response = await transport<unknown>({ payload, signal });
    const replies = Array.isArray(response) ? response : [response];
    const refusal = batchRefusal(replies);
    if (refusal) throw refusal;
    const byId = repliesById(replies);
    return calls.map((call, id) => {
      const reply = byId.get(id);
      if (!reply) throw new UpstreamError(`Solana RPC returned no answer to "${call.method}" in a batch`);
      return outcomeOf(reply);
    });
  }

  async function call(method: string, params: unknown[], signal?: AbortSignal): Promise<RpcOutcome> {
    const reply = await transport<unknown>({ payload: { jsonrpc: "2.0", id: 0, method, params }, signal });
    const refusal = batchRefusal([reply]);
    if (refusal) throw refusal;
    if (!reply || typeof reply !== "object") throw malformedAnswer();
    return outcomeOf(reply as Record<string, unknown>);
  }

  let kit: Promise<Rpc<SolanaRpcApi>> | undefined;
  const kitRpc = () =>
    kit ??= import("@solana/rpc").then(({ createSolanaRpcFromTransport }) =>
      createSolanaRpcFromTransport(kitTransport)
    );
  return { url, kitRpc, batch, call, stats };
}

/** The kind of a mapped failure (`upstream_timeout`, `unavailable`, …), for telemetry. */
function errorKind(error: unknown): string {
  const kind = (error as { kind?: unknown } | undefined)?.kind;
  return typeof kind === "string" ? kind : "error";
}

/** The JSON-RPC method of `payload` (`batch` for several calls), for telemetry. */
function rpcMethodOf(payload: unknown): string {
  if (Array.isArray(payload)) return "batch";
  const method = (payload as { method?: unknown } | undefined)?.method;
  return typeof method === "string" ? method : "unknown";
}

/** The outcome one JSON-RPC reply carries; a node that says it cannot serve now is thrown as unavailable. */
function outcomeOf(reply: Record<string, unknown>): RpcOutcome {
  if ("error" in reply) {
    const error = rpcErrorOf(reply.error);
    if (!error) throw malformedAnswer();
    if (UNHEALTHY_CODES.has(error.code)) throw unhealthy(error);
    return { ok: false, error };
  }
  if (!("result" in reply)) throw malformedAnswer();
  return { ok: true, result: reply.result };
}

/**
 * JSON-RPC error codes by which a node says it cannot serve now (behind,
 * unhealthy, rate-limited) rather than that the request is wrong.
 */
const UNHEALTHY_CODES: ReadonlySet<number> = new Set([-32005, -32016, -32429]);

/**
 * The result of one plain JSON-RPC call (no kit needed); a JSON-RPC error
 * answer is thrown as an {@linkcode UpstreamError} quoting it.
 */
export async function rpcCall(
  client: SolanaClient,
  method: string,
  params: unknown[],
  signal?: AbortSignal,
): Promise<unknown> {
  const outcome = await client.call(method, params, signal);
  if (!outcome.ok) {
    const { message, code } = outcome.error;
    throw new UpstreamError(`Solana RPC refused "${method}": ${message} (code ${code})`, {
      retryAfterSeconds: 5,
    });
  }
  return outcome.result;
}

/** The cluster's newest blockhash at `confirmed` commitment, in one plain JSON-RPC call. */
export async function latestBlockhash(
  client: SolanaClient,
  signal?: AbortSignal,
): Promise<{ blockhash: string; lastValidBlockHeight: bigint }> {
  const result = await rpcCall(client, "getLatestBlockhash", [{ commitment: "confirmed" }], signal);
  const value = (result as { value?: { blockhash?: unknown; lastValidBlockHeight?: unknown } } | null)?.value;
  // Kit's HTTP transport reads integers as bigints; an answer passed through JSON has numbers.
  const raw = value?.lastValidBlockHeight;
  const height = typeof raw === "bigint"
    ? raw
    : Number.isSafeInteger(raw)
    ? BigInt(raw as number)
    : undefined;
  if (typeof value?.blockhash !== "string" || height === undefined || height < 0n) throw malformedAnswer();
  return { blockhash: value.blockhash, lastValidBlockHeight: height };
}

/** A JSON-RPC error object, or `undefined` when `value` is not one. */
function rpcErrorOf(value: unknown): { code: number; message: string; data?: unknown } | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { code, message, data } = value as Record<string, unknown>;
  if (typeof code !== "number" || !Number.isInteger(code)) return undefined;
  return {
    code,
    message: typeof message === "string" ? message : "no message",
    ...(data === undefined ? {} : { data }),
  };
}

/** The error to throw for a batch the node refused as a whole (one error answer with no call id). */
function batchRefusal(replies: unknown[]): Error | undefined {
  if (replies.length !== 1) return undefined;
  const [reply] = replies;
  if (!reply || typeof reply !== "object") return malformedAnswer();
  const { id, error } = reply as Record<string, unknown>;
  if (typeof id === "number" || error === undefined) return undefined;
  const refused = rpcErrorOf(error);
  if (!refused) return malformedAnswer();
  if (UNHEALTHY_CODES.has(refused.code)) return unhealthy(refused);
  return new UpstreamError(`Solana RPC refused the request: ${refused.message} (code ${refused.code})`, {
    retryAfterSeconds: 5,
  });
}

function unhealthy(error: { code: number; message: string }): UnavailableError {
  return new UnavailableError(
    `Solana RPC cannot serve the request now: ${error.message} (code ${error.code})`,
    { retryAfterSeconds: 5 },
  );
}

function malformedAnswer(cause?: unknown): UpstreamError {
  return new UpstreamError("Solana RPC sent a malformed answer: not a JSON-RPC response", {
    cause,
    retryAfterSeconds: 5,
  });
}

/**
 * Maps a failed round trip onto the service's errors. Only the caller's own
 * abort passes through unchanged; anything else the transport throws (a body
 * that is not JSON, an HTML page, a cut connection) is the upstream's fault.
 */
function toServiceError(error: unknown, overBudget: boolean): unknown {
  if (overBudget) {
    return new UpstreamTimeoutError("Solana RPC did not answer in time", {
      cause: error,
      retryAfterSeconds: 2,
    });
  }
  if (error instanceof DOMException && error.name === "AbortError") return error;
  const status = httpStatusOf(error);
  if (status !== undefined) {
    if (status === 429 || status === 503) {
      return new UnavailableError("Solana RPC is rate-limiting or unavailable", {
        cause: error,
        retryAfterSeconds: 5,
      });
    }
    return new UpstreamError(`Solana RPC answered HTTP ${status}`, { cause: error, retryAfterSeconds: 5 });
  }
  if (error instanceof TypeError) {
    return new UpstreamError("Solana RPC is unreachable", { cause: error, retryAfterSeconds: 5 });
  }
  if (error instanceof UpstreamError || error instanceof UnavailableError) return error;
  return malformedAnswer(error);
}

/**
 * The HTTP status a transport reports in its error (ours: an {@linkcode RpcHttpError}; kit's: a
 * `SolanaError` whose context names it), if any.
 */
function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof RpcHttpError) return error.status;
  if (!(error instanceof Error) || error.name !== "SolanaError") return undefined;
  const status = (error as { context?: { statusCode?: unknown } }).context?.statusCode;
  return status === undefined ? undefined : Number(status);
}

/** A batch's replies by their numeric ids; replies without one are left out. */
function repliesById(replies: unknown[]): Map<number, Record<string, unknown>> {
  const byId = new Map<number, Record<string, unknown>>();
  for (const reply of replies) {
    if (reply && typeof reply === "object" && typeof (reply as { id?: unknown }).id === "number") {
      byId.set((reply as { id: number }).id, reply as Record<string, unknown>);
    }
  }
  return byId;
}
