/**
 * A kit RPC client wired straight to the local chain's dispatcher: no HTTP,
 * same JSON (responses make a JSON round trip, as on the wire).
 *
 * @module
 */
import { createSolanaRpcFromTransport } from "@solana/kit";
import type { RpcDevnet, RpcTransport, RpcTransportDevnet, SolanaRpcApiDevnet } from "@solana/kit";

/** Anything that answers JSON-RPC bodies, such as `LocalSolana`. */
export interface RpcHandler {
  handleRpc(body: unknown): Promise<unknown>;
}

/**
 * Creates a kit `Rpc` whose transport calls `local.handleRpc(payload)`.
 * It is typed as a devnet client because the local chain answers with
 * devnet's genesis hash and USDC mint.
 *
 * Hand it to `toFacilitatorSvmSigner` as a per-network map: a kit `Rpc` is a
 * proxy that `toFacilitatorSvmSigner` cannot tell from a map when passed bare.
 *
 * @example In-process x402 facilitator
 * ```ts
 * const rpc = createInProcessRpc(local);
 * const signer = toFacilitatorSvmSigner(feePayer, { [SOLANA_DEVNET_CAIP2]: rpc });
 * ```
 */
export function createInProcessRpc(local: RpcHandler): RpcDevnet<SolanaRpcApiDevnet> {
  const transport: RpcTransport = async function inProcessTransport<TResponse>(
    config: Parameters<RpcTransport>[0],
  ): Promise<TResponse> {
    config.signal?.throwIfAborted();
    return await local.handleRpc(config.payload) as TResponse;
  };
  return createSolanaRpcFromTransport(transport as RpcTransportDevnet);
}
