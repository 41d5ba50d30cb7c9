/**
 * The local Solana chain for tests and bench: LiteSVM behind the
 * validator-compatible JSON-RPC, served over loopback HTTP as the service's
 * `POST /local/solana` serves it, with a client pointed at it, a record of the
 * calls it received, real sends through `sendTransaction`, and a mint builder
 * whose transactions land in its ledger.
 *
 * The only place tests and bench serve the chain: see `README.md` here for
 * which helpers live in `tests/_support/`.
 *
 * @module
 */
import { getSignatureFromTransaction, type Transaction } from "@solana/kit";
import { createLocalSolana } from "../../lib/local/solana/local_solana.ts";
import type { LocalSolana, LocalSolanaOptions } from "../../lib/local/solana/local_solana.ts";
import { createSolanaClient, type SolanaClient } from "../../lib/solana/rpc.ts";
import type { OperationContext } from "../../lib/operation/mod.ts";
import { loadConfig } from "../../lib/server/config/load.ts";
import { buildServices } from "../../lib/server/services.ts";
import { type MintBuilder, mintBuilder } from "./mint_builder.ts";
import { wire } from "./solana_transactions.ts";

/** One JSON-RPC call the loopback server received. */
export interface RpcCall {
  method: string;
  params: unknown;
}

/** The dispatcher served on a loopback port. */
export interface LoopbackServer {
  /** The JSON-RPC endpoint. */
  url: string;
  /** Every JSON-RPC call received, in order (batches flattened). */
  calls: RpcCall[];
  /** HTTP requests received. */
  readonly requests: number;
  close(): Promise<void>;
}

/** Serves `local`'s dispatcher on 127.0.0.1 and a port of the system's choosing. */
export function serveLoopback(local: LocalSolana): LoopbackServer {
  const calls: RpcCall[] = [];
  let requests = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    requests++;
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return Response.json({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null });
    }
    for (const call of Array.isArray(body) ? body : [body]) {
      calls.push({ method: call?.method, params: call?.params });
    }
    return Response.json(await local.handleRpc(body));
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/`,
    calls,
    get requests() {
      return requests;
    },
    close: () => server.shutdown(),
  };
}

/** A running local chain with a client on it; close or dispose it to stop the server. */
export interface LocalChain extends AsyncDisposable {
  local: LocalSolana;
  client: SolanaClient;
  /** The JSON-RPC endpoint on loopback. */
  url: string;
  /** Every JSON-RPC call received, in order (batches flattened). */
  calls: RpcCall[];
  /** HTTP requests received. */
  readonly requests: number;
  /** Sends through `sendTransaction` (preflight skipped, so failures land) and returns the signature. */
  send(transaction: Transaction): Promise<string>;
  /** A mint builder whose transactions are executed by the chain (and so recorded in its ledger). */
  builder(): Promise<MintBuilder>;
  /** A handler context using this chain. */
  context(): OperationContext;
  close(): Promise<void>;
}

/** Starts a local chain (options as {@linkcode createLocalSolana}'s) behind a loopback server. */
export async function startLocalChain(options: LocalSolanaOptions = {}): Promise<LocalChain> {
  const local = await createLocalSolana(options);
  const server = serveLoopback(local);
  const client = createSolanaClient(server.url);
  return {
    local,
    client,
    url: server.url,
    calls: server.calls,
    get requests() {
      return server.requests;
    },
    async send(transaction) {
      const [outcome] = await client.batch([{
        method: "sendTransaction",
        params: [wire(transaction), { encoding: "base64", skipPreflight: true }],
      }]);
      if (!outcome?.ok) throw new Error(`sendTransaction failed: ${JSON.stringify(outcome)}`);
      const signature = getSignatureFromTransaction(transaction);
      if (outcome.result !== signature) throw new Error(`sendTransaction returned ${outcome.result}`);
      return signature;
    },
    builder: () =>
      mintBuilder(local.svm, {
        send(transaction) {
          const { err } = local.execute(transaction);
          if (err !== null) throw new Error(`Transaction failed: ${JSON.stringify(err)}`);
        },
        latestBlockhash: () => local.chain.latestBlockhash(),
      }),
    context: () => ({
      requestId: "test",
      signal: AbortSignal.timeout(10_000),
      services: buildServices(loadConfig({}), client),
    }),
    close: () => server.close(),
    [Symbol.asyncDispose]: () => server.close(),
  };
}

/** A JSON-RPC response. */
export interface RpcReply {
  jsonrpc: string;
  id: unknown;
  // deno-lint-ignore no-explicit-any
  result?: any;
  error?: { code: number; message: string; data?: unknown };
}

/** The raw JSON-RPC response of one call to the dispatcher, in process. */
export async function rpc(local: LocalSolana, method: string, params: unknown[] = []): Promise<RpcReply> {
  return await local.handleRpc({ jsonrpc: "2.0", id: 1, method, params }) as RpcReply;
}
