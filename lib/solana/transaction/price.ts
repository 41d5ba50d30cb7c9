/**
 * A current compute-unit price for a transaction, from the priority-fee
 * statistics of the accounts it writes (or of the whole cluster when they are
 * unknown). Advice only: when fees cannot be read the answer is `null`.
 *
 * @module
 */
import { priorityFeeReport } from "../fees/mod.ts";
import type { SolanaClient } from "../rpc.ts";
import type { PriceSuggestion } from "./next_action.ts";

/** Most writable accounts the fee query is scoped to. */
export const MAX_FEE_ACCOUNTS = 64;

/**
 * The recommended price for a transaction writing `accounts`.
 *
 * @example
 * ```ts
 * const price = await suggestPrice(client, ["JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4"]);
 * price?.microLamportsPerComputeUnit;
 * ```
 */
export async function suggestPrice(
  client: SolanaClient,
  accounts: readonly string[],
  signal?: AbortSignal,
): Promise<PriceSuggestion | null> {
  try {
    const report = await priorityFeeReport(client, { accounts: accounts.slice(0, MAX_FEE_ACCOUNTS) }, {
      signal,
    });
    return {
      microLamportsPerComputeUnit: report.recommended.microLamportsPerComputeUnit,
      basis: report.recommended.basis,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}
