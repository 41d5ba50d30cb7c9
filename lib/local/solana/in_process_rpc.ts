/**
 * A kit RPC client wired straight to the local chain's dispatcher: no HTTP,
 * same JSON (responses make a JSON round trip, as on the wire).
 *
 * @module
 */
import { createSolanaRpcFromTransport } from "@solana/kit";
import type { RpcDevnet, RpcTransport, RpcTransportDevnet, SolanaRpcApiDevnet } from "@solana/kit";
import { LOCAL_RPC_METHODS } from "./rpc_methods.ts";

/** Anything that answers JSON-RPC bodies, such as `LocalSolana`. */
export interface RpcHandler {
  handleRpc(body: unknown): Promise<unknown>;
}

/**
 * Creates a kit `Rpc` whose transport calls `local.handleRpc(payload)`.
 * It is typed as a devnet client because the local chain answers with
 * devnet's genesis hash and USDC mint.
 *
 * Unlike a plain kit `Rpc` (a proxy that answers `in` with `false`), it
 * reports the methods of the local chain as present, so that
 * `toFacilitatorSvmSigner(signer, rpc)` recognises it as one RPC client
 * rather than a per-network map.
 *
 * @example In-process x402 facilitator
 * ```ts
 * const rpc = createInProcessRpc(local);
 * const signer = toFacilitatorSvmSigner(feePayer, rpc);
 * ```
 */
export function createInProcessRpc(local: RpcHandler): RpcDevnet<SolanaRpcApiDevnet> {
  const transport: RpcTransport = async function inProcessTransport<TResponse>(
    config: Parameters<RpcTransport>[0],
  ): Promise<TResponse> {
    config.signal?.throwIfAborted();
    return await local.handleRpc(config.payload) as TResponse;
  };
  const rpc = createSolanaRpcFromTransport(transport as RpcTransportDevnet);
  return new Proxy(rpc, {
    has(target, property) {
      return (typeof property === "string" && LOCAL_RPC_METHODS.includes(property)) ||
        Reflect.has(target, property);
    },
  });
}
