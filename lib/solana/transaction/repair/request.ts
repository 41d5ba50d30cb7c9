/**
 * What a repair starts from: the caller's transaction as sent and as
 * resolved, its diagnosis, and what is known of its lifetime and asked of
 * its price; and the fixes planned for it.
 *
 * @module
 */
import type { MessageView } from "../message.ts";
import type { DecodedTransaction, TransactionEncoding } from "../serialized.ts";
import type { NonceLifetime } from "./durable_nonce.ts";
import type { MissingTokenAccount } from "./missing_token_account.ts";
import type { Pricing } from "./pricing.ts";
import type { OpenMessage } from "./rebuild.ts";
import type { RepairDiagnosis } from "./refusal.ts";
import type { FeeLevel } from "./schema.ts";

/** What to repair. */
export interface RepairRequest {
  decoded: DecodedTransaction;
  encoding: TransactionEncoding;
  /** The message with its lookup-table addresses resolved. */
  view: MessageView;
  loadedAddresses: { writable?: unknown; readonly?: unknown } | null | undefined;
  diagnosis: RepairDiagnosis;
  durableNonce: boolean;
  /** Whether the message's own blockhash can still land; `null` when unknown. */
  blockhashValid: boolean | null;
  feeLevel?: FeeLevel;
  /** True when it is a landed transaction rebuilt (its nonce, if durable, was used by its landing). */
  landed?: boolean;
}

/** The fixes a rebuild applies to the caller's own message. */
export interface RebuildPlan {
  /** The caller's message, opened for editing. */
  message: OpenMessage;
  /** The price the rebuilt message pays. */
  pricing: Pricing;
  /** Associated token accounts created first. */
  creates: MissingTokenAccount[];
  /** The durable nonce kept as its lifetime, when it has one. */
  nonce: NonceLifetime | null;
}
