/**
 * Test helper: the local Solana chain served over loopback HTTP, a client of
 * it, and a mint builder whose transactions land on that chain.
 *
 * @module
 */
import { createLocalSolana } from "../../../../lib/local/solana/local_solana.ts";
import type { LocalSolana, LocalSolanaOptions } from "../../../../lib/local/solana/local_solana.ts";
import { createSolanaClient } from "../../../../lib/solana/rpc.ts";
import type { SolanaClient } from "../../../../lib/solana/rpc.ts";
import type { OperationContext } from "../../../../lib/operation.ts";
import { loadConfig } from "../../../../lib/config.ts";
import { buildServices } from "../../../../lib/services.ts";
import { mintBuilder } from "./mint_builder.ts";
import type { MintBuilder } from "./mint_builder.ts";

/** A running local chain; dispose it to stop the server. */
export interface LocalRpc extends AsyncDisposable {
  local: LocalSolana;
  client: SolanaClient;
  /** Every JSON-RPC call received, in order (batches flattened). */
  calls: Array<{ method: string; params: unknown }>;
  /** HTTP requests received. */
  requests: number;
  builder(): Promise<MintBuilder>;
  /** A handler context using this chain. */
  context(): OperationContext;
}

/** Starts the local chain behind `Deno.serve` on 127.0.0.1 and a port of the system's choosing. */
export async function startLocalRpc(options: LocalSolanaOptions = {}): Promise<LocalRpc> {
  const local = await createLocalSolana(options);
  const calls: LocalRpc["calls"] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (request) => {
    const body = await request.json();
    rpc.requests++;
    for (const call of Array.isArray(body) ? body : [body]) {
      calls.push({ method: call?.method, params: call?.params });
    }
    return Response.json(await local.handleRpc(body));
  });
  const client = createSolanaClient(`http://127.0.0.1:${server.addr.port}/`);
  const rpc: LocalRpc = {
    local,
    client,
    calls,
    requests: 0,
    builder: () =>
      mintBuilder(local.svm, {
        send(tx) {
          const { err } = local.execute(tx);
          if (err !== null) throw new Error(`Transaction failed: ${JSON.stringify(err)}`);
        },
        latestBlockhash: () => local.chain.latestBlockhash(),
      }),
    context: () => ({
      requestId: "test",
      signal: AbortSignal.timeout(10_000),
      services: buildServices(loadConfig({}), client),
    }),
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
  return rpc;
}
