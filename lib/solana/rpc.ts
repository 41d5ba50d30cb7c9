/**
 * A Solana JSON-RPC client built on `@solana/kit`, with a time budget per call,
 * JSON-RPC batches (one HTTP round trip for several calls), a round-trip
 * counter for benchmarks, and transport failures mapped onto the service's
 * error model (502 unreachable, 503 rate-limited, 504 timed out).
 *
 * @module
 */
import { createDefaultRpcTransport, createSolanaRpcFromTransport, isSolanaError } from "@solana/kit";
import type { Rpc, RpcTransport, SolanaRpcApi } from "@solana/kit";
import { UnavailableError, UpstreamError, UpstreamTimeoutError } from "../errors.ts";

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
  /** Typed single calls through `@solana/kit`. */
  readonly rpc: Rpc<SolanaRpcApi>;
  /** Sends several calls in one HTTP round trip; outcomes come back in call order. */
  batch(calls: RpcCall[], signal?: AbortSignal): Promise<RpcOutcome[]>;
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
 * const slot = await client.rpc.getSlot().send();
 * ```
 */
export function createSolanaClient(url: string, options: SolanaClientOptions = {}): SolanaClient {
  const { timeoutMs = 10_000, handler } = options;
  const stats = { roundTrips: 0 };
  const inner: RpcTransport = handler
    ? async <T>({ payload }: { payload: unknown }) => JSON.parse(JSON.stringify(await handler(payload))) as T
    : createDefaultRpcTransport({ url: url as `http://${string}` });

  const transport: RpcTransport = async function transport(config) {
    stats.roundTrips++;
    const budget = AbortSignal.timeout(timeoutMs);
    const signal = config.signal ? AbortSignal.any([config.signal, budget]) : budget;
    try {
      return await inner({ ...config, signal });
    } catch (error) {
      throw toServiceError(error, budget);
    }
  };

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
    const byId = new Map<number, Record<string, unknown>>();
    for (const reply of replies) {
      if (reply && typeof reply === "object" && typeof (reply as { id?: unknown }).id === "number") {
        byId.set((reply as { id: number }).id, reply as Record<string, unknown>);
      }
    }
    return calls.map((call, id) => {
      const reply = byId.get(id);
      if (!reply) throw new UpstreamError(`Solana RPC returned no answer to "${call.method}" in a batch`);
      if (reply.error && typeof reply.error === "object") {
        return { ok: false, error: reply.error as { code: number; message: string; data?: unknown } };
      }
      return { ok: true, result: reply.result };
    });
  }

  return { url, rpc: createSolanaRpcFromTransport(transport), batch, stats };
}

function toServiceError(error: unknown, budget: AbortSignal): unknown {
  if (budget.aborted) {
    return new UpstreamTimeoutError("Solana RPC did not answer in time", {
      cause: error,
      retryAfterSeconds: 2,
    });
  }
  if (error instanceof DOMException && error.name === "AbortError") return error;
  if (isSolanaError(error) && "statusCode" in error.context) {
    const status = Number(error.context.statusCode);
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
  return error;
}
