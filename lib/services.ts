/**
 * The dependencies handed to every operation handler.
 *
 * @module
 */
import type { AudioService } from "./audio/limits.ts";
import type { PdfService } from "./pdf/limits.ts";
import type { SolanaClient } from "./solana/rpc.ts";

/** Shared dependencies for operation handlers. */
export interface Services {
  /** The Solana cluster being diagnosed. */
  solana: SolanaClient;
  /** Audio limits and concurrency gate (default: from the environment, shared process-wide). */
  audio?: AudioService;
  /** PDF limits and concurrency gate (default: shared process-wide). */
  pdf?: PdfService;
}
