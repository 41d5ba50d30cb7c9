/**
 * The compute-unit price of a named fee level for the accounts a
 * transaction writes, from the same priority-fee statistics the fee operation
 * serves (fetched once and reused for a moment per account set).
 *
 * @module
 */
import { priorityFeeReport } from "../../fees/mod.ts";
import type { SolanaClient } from "../../rpc.ts";
import { MAX_FEE_ACCOUNTS } from "../price.ts";
import type { FeeLevel } from "./schema.ts";

/** The level's price in micro-lamports per compute unit, or `null` when fees cannot be read. */
export async function levelPrice(
  client: SolanaClient,
  writable: readonly string[],
  level: FeeLevel,
  signal?: AbortSignal,
): Promise<number | null> {
  try {
    const report = await priorityFeeReport(client, { accounts: writable.slice(0, MAX_FEE_ACCOUNTS) }, {
      signal,
    });
    return (report.combined ?? report.global).levels[level];
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}
