/**
 * The shape of a next action and what it is computed from, shared by the
 * modules that build one.
 *
 * @module
 */
import type { Failure } from "./attribution.ts";
import type { BalanceSnapshot } from "./balances.ts";
import type { ActionKind, Verdict } from "./classes.ts";
import type { ComputeBudget, FeeSplit } from "./compute_budget.ts";
import type { LogFrame } from "./logs.ts";
import type { MessageView } from "./message.ts";
import type { AccountState } from "./account_state.ts";
import type { RetryBasis } from "./retry_timing.ts";
import type { SlippageNumbers } from "./slippage/types.ts";

/** What to do next, with the numbers that make it concrete. */
export interface NextAction {
  action: ActionKind;
  reason: string;
  /** Compute-unit limit to set. */
  computeUnitLimit?: number;
  /** Compute-unit price to pay, micro-lamports per unit. */
  microLamportsPerComputeUnit?: number;
  /** Priority fee in lamports that goes with the suggested limit and price (or that would be saved). */
  priorityFeeLamports?: number;
  /** Lamports the `account` lacks. */
  lamportsMissing?: number;
  /** Raw token amount (base units) the `account` lacks, of `mint`. */
  tokenAmountMissing?: string;
  /** The account the action is about. */
  account?: string;
  mint?: string;
  /** Blocks left before the transaction's blockhash expires. */
  blocksRemaining?: number;
  lastValidBlockHeight?: number;
  retryAfterSeconds?: number;
  /** What `retryAfterSeconds` rests on: a wait the program stated (in seconds or slots), the cause's default, or a blockhash to refresh. */
  retryAfterBasis?: RetryBasis;
  /** Position of `account` in the failing instruction's account list. */
  accountIndex?: number;
  /** The name the program gives `account`, when it says. */
  accountRole?: string;
  /** The state of `account` that made the instruction fail. */
  accountState?: AccountState;
  /** The numbers of a failed slippage check (bound, actual, quote, price move, smallest passing setting). */
  slippage?: SlippageNumbers;
}

/** A current compute-unit price, from recent fees of the accounts the transaction writes. */
export interface PriceSuggestion {
  microLamportsPerComputeUnit: number;
  /** `combined` when scoped to the transaction's writable accounts, `global` otherwise. */
  basis: "combined" | "global";
}

/** Everything the action can draw numbers from. */
export interface ActionInput {
  verdict: Verdict;
  failure: Failure | null;
  frame: LogFrame | null;
  frames: readonly LogFrame[];
  view: MessageView | null;
  budget: ComputeBudget | null;
  unitsConsumed: number | null;
  snapshot: BalanceSnapshot | null;
  innerInstructions: unknown;
  fee: FeeSplit | null;
  price: PriceSuggestion | null;
  /** Units the transaction needs, measured by simulating it at the maximum limit. */
  measuredUnits?: number | null;
  /** Recommend a compute-unit limit even when the current one is fine (for a transaction not sent yet). */
  recommendLimit?: boolean;
}
