/**
 * x402 payments, as the rest of the service sees them: the rails a price is
 * offered on, the gateway that verifies, claims and settles, the claim store
 * behind it (Deno KV, or PostgreSQL loaded when configured), the blockhash a Solana payment is built on, and how a challenge
 * and a settlement travel (HTTP headers, MCP `_meta`). The builder of a
 * payment transaction, used only by the 402 page, is loaded with its first
 * use.
 *
 * @module
 */
import { importOnDemand } from "../shared/on_demand.ts";
import type { ClaimStore, ClaimStoreOptions } from "./claim_store.ts";

export type { ClaimStore, ClaimStoreOptions } from "./claim_store.ts";
export { KvClaimStore } from "./claims.ts";
export { MemoryClaimStore } from "./memory_claims.ts";
export { PaymentRequiredError } from "./errors.ts";
export {
  type Authorization,
  FACILITATOR_TIMEOUT_MS,
  PaymentGateway,
  type PricedResource,
} from "./gateway.ts";
export { decodePaymentSignature, encodePaymentRequired, encodePaymentResponse } from "./headers.ts";
export { isKvFile, kvFileGuard } from "./kv_file_guard.ts";
export { PAYMENT_META_KEY, PAYMENT_RESPONSE_META_KEY } from "./mcp_meta_keys.ts";
export { type EmbeddedSolanaRpc, paymentChainRpc } from "./payment_chain_rpc.ts";
export { PAYMENT_REQUIRED_SCHEMA } from "./payment_required_schema.ts";
export { evmRail, NETWORKS, type PaymentRail, solanaRail, throwIfUnavailable } from "./rails.ts";
export { chainBlockhash, polledBlockhash } from "./recent_blockhash.ts";
export { solanaSettlementChain } from "./reconciliation.ts";

/** The builder of an exact-scheme Solana payment transaction (`buildExactSvmTransaction`), imported on first use. */
export function loadSvmTransactionBuilder(): Promise<typeof import("./svm_transaction.ts")> {
  return importOnDemand<typeof import("./svm_transaction.ts")>(
    new URL("./svm_transaction.ts", import.meta.url),
  );
}

/**
 * The claim store on the PostgreSQL database at `url` (`postgres://...`),
 * its module and the client imported now: hosts that keep claims in Deno KV
 * never load them. It connects with its first use.
 */
export async function openPostgresClaimStore(url: string, options: ClaimStoreOptions): Promise<ClaimStore> {
  const { PostgresClaimStore } = await importOnDemand<typeof import("./postgres_claims.ts")>(
    new URL("./postgres_claims.ts", import.meta.url),
  );
  return new PostgresClaimStore(url, options);
}
