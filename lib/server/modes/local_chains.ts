/**
 * What the rest of the service sees of local mode's embedded chains. A leaf:
 * it imports nothing of the project, so any layer can name these types.
 *
 * @module
 */
import type { Address } from "@solana/kit";
import type { FacilitatorClient } from "@x402/core/server";

/** The embedded chains of local mode, as the HTTP layer uses them. */
export interface LocalChains {
  solana: {
    handleRpc(body: unknown): Promise<unknown>;
    fund(owner: Address, amounts: { lamports?: bigint; usdc?: bigint }): Promise<void>;
    usdcBalance(owner: Address): bigint;
  };
  /** The in-process facilitator settling on the embedded chains. */
  facilitator: FacilitatorClient;
  evm?: {
    readonly rpcUrl: string;
    handleRpc(body: unknown): Promise<unknown>;
    fund(address: `0x${string}`, usdcAtomic: bigint): Promise<`0x${string}`>;
    usdcBalance(address: `0x${string}`): Promise<bigint>;
    /** Whether Anvil is up, its pid, and its restarts (each losing the old chain's state). */
    status(): {
      state: "up" | "restarting" | "stopped";
      pid?: number;
      restarts: number;
      lastFailure?: { reason: string; at: string };
      startError?: string;
    };
  };
}
