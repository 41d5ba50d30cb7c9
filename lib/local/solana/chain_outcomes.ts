/**
 * What the local chain (`chain.ts`) answers with: a landed transaction's
 * ledger entry, the outcome of sending or simulating one, and the options
 * those calls and the chain take. Kept apart so the modules that build or
 * read these outcomes need not import the chain itself.
 *
 * @module
 */
import type { EncodedAccount } from "@solana/kit";
import type { AccountKeys } from "./account_keys.ts";
import type { RpcTransactionError } from "./tx_error.ts";
import type { ExecutionMeta } from "./tx_meta.ts";
import type { WireTransaction } from "./transaction_decoding.ts";

/** A transaction that landed in a block. */
export interface LedgerEntry {
  signature: string;
  slot: bigint;
  blockTime: number;
  wire: WireTransaction;
  keys: AccountKeys;
  meta: ExecutionMeta;
}

/** The outcome of sending a transaction to the runtime. */
export interface ExecuteOutcome {
  signature: string;
  err: RpcTransactionError | null;
  /** Whether it landed (executed, or failed but paid its fee); rejected ones are not recorded. */
  landed: boolean;
}

/** Options of `LocalChain.simulate` (`chain.ts`). */
export interface SimulateOptions {
  sigVerify: boolean;
  replaceRecentBlockhash: boolean;
}

/** The outcome of a simulation. */
export interface SimulationOutcome {
  err: RpcTransactionError | null;
  /** Metadata; its balances are `null`-worthy when the transaction never reached execution. */
  meta: ExecutionMeta;
  executed: boolean;
  /** Accounts after a successful simulation. */
  postAccounts: Map<string, EncodedAccount>;
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: bigint } | null;
}

/** Options of the `LocalChain` constructor (`chain.ts`). */
export interface LocalChainOptions {
  /**
   * Later slots that must land before a block is final (default 0: final at
   * once). Until then its transactions are processed (newest slot) or confirmed.
   */
  finalityLagSlots?: number;
}
