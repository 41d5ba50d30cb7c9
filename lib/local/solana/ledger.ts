/**
 * The local chain's ledger (`chain.ts`): the transactions that landed, by
 * signature and in landing order, pruned past a bound as a node limiting its
 * ledger does, and the per-slot priority fees they paid. Apart from the chain
 * because keeping history is not running transactions.
 *
 * @module
 */
import type { LedgerEntry } from "./chain_outcomes.ts";
import { readComputeBudget } from "./compute_budget.ts";
import { FeeHistory } from "./fee_history.ts";

/** Landed transactions kept for `getTransaction`; older ones are pruned, as a node limiting its ledger does. */
const MAX_LEDGER_ENTRIES = 100_000;

/** Landed transactions, oldest first, and the fees they paid. */
export class Ledger {
  readonly #entries = new Map<string, LedgerEntry>();
  #count = 0;
  readonly #fees = new FeeHistory();

  /** Landed transactions so far, pruned ones included. */
  get count(): number {
    return this.#count;
  }

  /** A landed transaction by signature, unless pruned. */
  get(signature: string): LedgerEntry | undefined {
    return this.#entries.get(signature);
  }

  /** Landed transactions naming `address` among their accounts, newest first, at most `limit`. */
  transactionsOf(address: string, limit: number): LedgerEntry[] {
    const found: LedgerEntry[] = [];
    for (const entry of [...this.#entries.values()].reverse()) {
      if (found.length >= limit) break;
      if (entry.keys.all.includes(address as never)) found.push(entry);
    }
    return found;
  }

  /** Adds a landed transaction of the newest block to the ledger and the fee history. */
  record(entry: LedgerEntry): void {
    this.#entries.set(entry.signature, entry);
    this.#count++;
    if (this.#entries.size > MAX_LEDGER_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const writable = entry.keys.all.filter((_, index) => entry.keys.writable[index]);
    this.#fees.record(entry.slot, readComputeBudget(entry.wire.message).unitPrice, writable);
  }

  /** Per slot of the last 150, the lowest compute-unit price paid (see `FeeHistory.recent`). */
  recentPrioritizationFees(accounts: readonly string[]): { slot: bigint; prioritizationFee: bigint }[] {
    return this.#fees.recent(accounts);
  }
}
