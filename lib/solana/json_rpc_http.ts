/**
 * The HTTP transport of the Solana client's plain JSON-RPC calls (the health
 * check's slot, the genesis hash, a recent blockhash, the handlers' batches),
 * written without `@solana/kit`: kit's RPC package and its error catalogue
 * cost an idle service about 1.5 MB once the first health check had loaded
 * them. It speaks as kit's default transport does, so an RPC sees the same
 * requests and callers get the same answers:
 *
 * - a POST with the same headers (`accept` and `content-type` JSON,
 *   `accept-encoding: br,gzip,deflate`, `solana-client` naming kit's version);
 * - in a single call to a method of the Solana RPC API, integers are read as
 *   bigints (those with a fraction or a negative exponent stay numbers), and
 *   bigints in its parameters are written as plain integers; batches and other
 *   methods go through plain JSON;
 * - identical single calls made in the same tick share one request; a caller
 *   that gives up gets its abort reason, and the request is cancelled once
 *   every caller gave up;
 * - an answer with an HTTP error status throws {@linkcode RpcHttpError}
 *   carrying the status.
 *
 * Kit's typed RPC (`SolanaClient.kitRpc`) keeps kit's own transport.
 *
 * @module
 */

/** The version of kit whose transport this one speaks like (its `solana-client` header). */
const KIT_VERSION = "8.4.0";

/** The methods whose answers kit reads with bigints (kit's list for its Solana RPC transport). */
const SOLANA_RPC_METHODS: ReadonlySet<string> = new Set([
  "getAccountInfo",
  "getAgGenesisCert",
  "getBalance",
  "getBlock",
  "getBlockCommitment",
  "getBlockHeight",
  "getBlockProduction",
  "getBlocks",
  "getBlocksWithLimit",
  "getBlockTime",
  "getClusterNodes",
  "getEpochInfo",
  "getEpochSchedule",
  "getFeeForMessage",
  "getFirstAvailableBlock",
  "getGenesisHash",
  "getHealth",
  "getHighestSnapshotSlot",
  "getIdentity",
  "getInflationGovernor",
  "getInflationRate",
  "getInflationReward",
  "getLargestAccounts",
  "getLatestBlockhash",
  "getLeaderSchedule",
  "getMaxRetransmitSlot",
  "getMaxShredInsertSlot",
  "getMinimumBalanceForRentExemption",
  "getMultipleAccounts",
  "getProgramAccounts",
  "getRecentPerformanceSamples",
  "getRecentPrioritizationFees",
  "getSignaturesForAddress",
  "getSignatureStatuses",
  "getSlot",
  "getSlotLeader",
  "getSlotLeaders",
  "getStakeMinimumDelegation",
  "getSupply",
  "getTokenAccountBalance",
  "getTokenAccountsByDelegate",
  "getTokenAccountsByOwner",
  "getTokenLargestAccounts",
  "getTokenSupply",
  "getTransaction",
  "getTransactionCount",
  "getTransactionsForAddress",
  "getVersion",
  "getVoteAccounts",
  "index",
  "isBlockhashValid",
  "minimumLedgerSlot",
  "requestAirdrop",
  "sendTransaction",
  "simulateTransaction",
]);

/** Integers longer than this many digits are refused rather than turned into bigints. */
const MAX_BIGINT_DIGITS = 1_000;

/** One round trip: the JSON-RPC payload and the signal that cancels it. */
export interface JsonRpcRequest {
  readonly payload: unknown;
  readonly signal?: AbortSignal;
}

/** Sends a payload and returns the parsed answer. */
export type JsonRpcTransport = <T>(request: JsonRpcRequest) => Promise<T>;

/** An RPC answered with an HTTP error status. */
export class RpcHttpError extends Error {
  /** The HTTP status. */
  readonly status: number;

  /** @param status The HTTP status; `statusText` becomes the message. */
  constructor(status: number, statusText: string) {
    super(`HTTP error (${status}): ${statusText}`);
    this.name = "RpcHttpError";
    this.status = status;
  }
}

/** A single JSON-RPC call (`{jsonrpc: "2.0", method, params}`), as kit recognises one. */
function singleCall(payload: unknown): { method: string; params: unknown } | undefined {
  if (payload == null || typeof payload !== "object" || Array.isArray(payload)) return undefined;
  const call = payload as Record<string, unknown>;
  if (call.jsonrpc !== "2.0" || typeof call.method !== "string" || !("params" in call)) return undefined;
  return { method: call.method, params: call.params };
}

/** Whether integers in the call and its answer are bigints. */
function readsBigInts(payload: unknown): boolean {
  const call = singleCall(payload);
  return call !== undefined && SOLANA_RPC_METHODS.has(call.method);
}

/** `JSON.rawJSON` (ES2025; TypeScript's library does not declare it yet). */
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

/** `value` as JSON, bigints written as plain integers. */
export function stringifyWithBigInts(value: unknown): string {
  return JSON.stringify(value, (_key, item) => typeof item === "bigint" ? rawJson(item.toString()) : item);
}

/**
 * `text` parsed as JSON, every integer written without a fraction or a
 * negative exponent read as a bigint (`1e3` is `1000n`, `1.5` and `1e-3`
 * stay numbers).
 *
 * @throws {SyntaxError} Not JSON, or an integer of more than 1,000 digits.
 */
export function parseWithBigInts(text: string): unknown {
  return JSON.parse(text, (_key, value, context?: { source?: string }) => {
    if (typeof value !== "number" || context?.source === undefined) return value;
    const source = context.source;
    if (source.includes(".") || /[eE]-/.test(source)) return value;
    const [, sign, mantissa, exponent] = source.match(/^(-?)(\d+)(?:[eE]\+?(\d+))?$/) ?? [];
    if (mantissa === undefined || mantissa.length + Number(exponent ?? 0) > MAX_BIGINT_DIGITS) {
      throw new SyntaxError(`Integer too long to read: ${source.slice(0, 40)}`);
    }
    const digits = BigInt(`${sign}${mantissa}`);
    return exponent ? digits * 10n ** BigInt(exponent) : digits;
  });
}

/** A key equal for equal method and parameters, whatever the order of object keys. */
function callKey(method: string, params: unknown): string {
  return JSON.stringify([method, params], (_key, item) => {
    if (typeof item === "bigint") return `${item}n`;
    if (item && typeof item === "object" && !Array.isArray(item)) {
      return Object.fromEntries(Object.entries(item).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
    }
    return item;
  });
}

/** The reason given to a shared request cancelled because all its callers gave up. */
const ALL_GONE = Symbol("every caller gave up");

/** One request shared by identical calls of a tick. */
interface Shared {
  readonly controller: AbortController;
  readonly answer: Promise<unknown>;
  consumers: number;
}

/** A transport posting JSON-RPC payloads to `url`, as described in the module's documentation. */
export function createJsonRpcHttpTransport(url: string): JsonRpcTransport {
  const headers = {
    "accept-encoding": "br,gzip,deflate",
    "solana-client": `js/${KIT_VERSION}`,
    accept: "application/json",
    "content-type": "application/json; charset=utf-8",
  };

  async function send({ payload, signal }: JsonRpcRequest): Promise<unknown> {
    const bigInts = readsBigInts(payload);
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: bigInts ? stringifyWithBigInts(payload) : JSON.stringify(payload),
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new RpcHttpError(response.status, response.statusText);
    }
    const text = await response.text();
    return bigInts ? parseWithBigInts(text) : JSON.parse(text);
  }

  let tick: Map<string, Shared> | undefined;

  /** The request `payload` shares with identical calls made in this tick, started by the first. */
  function sharedRequest(key: string, payload: unknown): Shared {
    if (!tick) {
      tick = new Map();
      queueMicrotask(() => tick = undefined);
    }
    let shared = tick.get(key);
    if (!shared) {
      const controller = new AbortController();
      const answer = send({ payload, signal: controller.signal }).catch((error) => {
        if (error === ALL_GONE) return undefined;
        throw error;
      });
      shared = { controller, answer, consumers: 0 };
      tick.set(key, shared);
    }
    shared.consumers++;
    return shared;
  }

  return async function transport<T>(request: JsonRpcRequest): Promise<T> {
    const call = singleCall(request.payload);
    if (!call) return await send(request) as T;
    const shared = sharedRequest(callKey(call.method, call.params), request.payload);
    const { signal } = request;
    if (!signal) return await shared.answer as T;
    return await new Promise<T>((resolve, reject) => {
      const giveUp = () => {
        signal.removeEventListener("abort", giveUp);
        shared.consumers--;
        queueMicrotask(() => {
          if (shared.consumers === 0) shared.controller.abort(ALL_GONE);
        });
        reject(signal.reason);
      };
      signal.addEventListener("abort", giveUp);
      shared.answer.then((answer) => resolve(answer as T), reject).finally(() =>
        signal.removeEventListener("abort", giveUp)
      );
    });
  };
}
