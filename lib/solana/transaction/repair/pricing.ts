/**
 * The price a rebuilt message pays: the caller's own, or the fee level asked
 * (or the default level, when the failure is a price too low) when that is
 * higher; per compute unit for legacy and v0 messages, in lamports for the
 * whole transaction for v1 ones, whose fee is known only once the limit is.
 *
 * @module
 */
import { priorityFeeLamports } from "../../fees/mod.ts";
import type { SolanaClient } from "../../rpc.ts";
import { computeBudgetOf } from "../compute_budget.ts";
import { type MessageView, writableAccounts } from "../message.ts";
import { levelPrice } from "./fee_level.ts";
import type { FeeLevel } from "./schema.ts";

/** The level a fee-related repair pays at when the caller names none. */
export const DEFAULT_FEE_LEVEL: FeeLevel = "high";

/** The price the rebuilt message pays. */
export interface Pricing {
  level: FeeLevel | null;
  /** Legacy and v0: micro-lamports per unit (0: none). */
  micro: number;
  /** v1: the level's price per unit, to turn into lamports once the limit is known. */
  levelMicro: number | null;
}

/** The price of `view` rebuilt at `level` (none: its own price), never below what it pays now. */
export async function pricingFor(
  client: SolanaClient,
  view: MessageView,
  level: FeeLevel | null,
  signal?: AbortSignal,
): Promise<Pricing> {
  const budget = computeBudgetOf(view);
  const levelMicro = level ? await levelPrice(client, writableAccounts(view), level, signal) : null;
  return {
    level: levelMicro === null ? null : level,
    micro: Math.max(
      budget.unitPriceMicroLamports,
      budget.feeModel === "compute_unit_price" ? levelMicro ?? 0 : 0,
    ),
    levelMicro,
  };
}

/** Whether `pricing` pays more than `view` pays now. */
export function raisesPrice(view: MessageView, pricing: Pricing): boolean {
  const budget = computeBudgetOf(view);
  if (budget.feeModel === "message_config") {
    return pricing.levelMicro !== null &&
      priorityFeeLamports(pricing.levelMicro, budget.unitLimit) > budget.priorityFeeLamports;
  }
  return pricing.micro > budget.unitPriceMicroLamports;
}

/**
 * A v1 message's priority fee at `limit` units: the level's price for them,
 * or `current` (what it pays now) when that is higher; null when neither is set.
 */
export function v1PriorityFee(current: bigint | null, pricing: Pricing, limit: number): bigint | null {
  const level = pricing.levelMicro === null ? null : BigInt(priorityFeeLamports(pricing.levelMicro, limit));
  if (current === null) return level;
  if (level === null) return current;
  return level > current ? level : current;
}
