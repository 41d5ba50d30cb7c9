/**
 * The dependencies handed to every operation handler.
 *
 * @module
 */
import type { SolanaClient } from "./solana/rpc.ts";

/** Shared dependencies for operation handlers. */
export interface Services {
  /** The Solana cluster being diagnosed. */
  solana: SolanaClient;
}
