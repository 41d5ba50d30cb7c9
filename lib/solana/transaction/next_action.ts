/**
 * Turns a verdict into the next action with concrete numbers: the
 * compute-unit limit to set, the price to pay per compute unit, the lamports
 * or tokens missing and where, the blocks left before a blockhash expires.
 *
 * @module
 */
import { MAX_COMPUTE_UNIT_LIMIT, priorityFeeLamports } from "../fees/mod.ts";
import { accountDetails, requoteAction, retryLaterAction } from "./action_details.ts";
import type { ActionInput, NextAction, PriceSuggestion } from "./action_types.ts";
import type { ActionKind } from "./classes.ts";
import { type ComputeBudget, recommendedComputeUnitLimit } from "./compute_budget.ts";
import { causeLines } from "./error_meaning.ts";
import { missingFunds } from "./missing_funds.ts";

export type { ActionInput, NextAction, PriceSuggestion } from "./action_types.ts";

/** The action and the final retryability (an action may find retrying cannot help). */
export interface ActionResult {
  nextAction: NextAction;
  retryable: boolean;
}

/** Below this many spare units a limit is not worth trimming. */
const TRIM_THRESHOLD_UNITS = 10_000;

/**
 * Builds the next action for a transaction that ran (landed or simulated).
 *
 * @example
 * ```ts
 * nextActionFor(input).nextAction; // { action: "raise_compute_unit_limit", computeUnitLimit: 400000, ... }
 * ```
 */
export function nextActionFor(input: ActionInput): ActionResult {
  const { verdict } = input;
  switch (verdict.action) {
    case "none":
      return { nextAction: successAdvice(input), retryable: false };
    case "raise_compute_unit_limit":
      return raiseLimit(input);
    case "add_funds":
      return {
        nextAction: {
          ...missingFunds(input, reasonFor(input)),
          ...(input.failure?.errorName === "InsufficientFundsForRent"
            ? { accountState: "insufficient_rent" }
            : {}),
        },
        retryable: verdict.retryable,
      };
    case "raise_priority_fee":
      return {
        nextAction: withPrice(verdict.action, reasonFor(input), input.price),
        retryable: verdict.retryable,
      };
    case "rebuild_with_fresh_blockhash":
      return { nextAction: rebuildNow(reasonFor(input), input.price), retryable: verdict.retryable };
    case "retry_later":
      return { nextAction: retryLaterAction(input, reasonFor(input)), retryable: true };
    case "requote_and_rebuild":
      return { nextAction: requoteAction(input, reasonFor(input)), retryable: verdict.retryable };
    default:
      return {
        nextAction: {
          action: verdict.action,
          reason: reasonFor(input),
          ...(input.failure?.account ? { account: input.failure.account } : {}),
          ...accountDetails(input),
        },
        retryable: verdict.retryable,
      };
  }
}

/** The action for a transaction that may still land: keep sending the same signed bytes. */
export function pendingAction(
  blocksRemaining: number | null,
  lastValidBlockHeight: number | null,
): NextAction {
  return {
    action: "wait_and_rebroadcast",
    reason: blocksRemaining === null
      ? "Not landed yet: resend the same signed transaction every few seconds and check its status; do not re-sign"
      : `Not landed yet and its blockhash is valid for ${blocksRemaining} more blocks: resend the same signed ` +
        "transaction every few seconds until it lands or the blockhash expires; do not re-sign",
    ...(blocksRemaining !== null ? { blocksRemaining } : {}),
    ...(lastValidBlockHeight !== null ? { lastValidBlockHeight } : {}),
  };
}

/** The action for a transaction that can no longer land. */
export function expiredAction(price: PriceSuggestion | null): NextAction {
  const paying = price && price.microLamportsPerComputeUnit > 0
    ? `, paying about ${price.microLamportsPerComputeUnit} micro-lamports per compute unit so it lands in time`
    : "";
  return rebuildNow(
    "Its blockhash expired before it landed, so it can never land: rebuild it with a fresh blockhash, sign " +
      `and send it again${paying}`,
    price,
  );
}

/** A rebuild with a fresh blockhash: nothing to wait for, it can be fetched and the rebuilt transaction sent at once. */
function rebuildNow(reason: string, price: PriceSuggestion | null): NextAction {
  return {
    ...withPrice("rebuild_with_fresh_blockhash", reason, price),
    retryAfterSeconds: 0,
    retryAfterBasis: "blockhash",
  };
}

/** The action for a transaction seen by the cluster but not yet confirmed. */
export function processedAction(): NextAction {
  return {
    action: "check_status",
    reason: "Processed by a leader but not confirmed yet: check again in a few seconds before doing anything",
  };
}

function successAdvice(input: ActionInput): NextAction {
  const { budget, unitsConsumed, price } = input;
  const notes: string[] = [];
  const advice: NextAction = { action: "none", reason: "" };
  if (budget && unitsConsumed !== null && unitsConsumed > 0) {
    const recommended = recommendedComputeUnitLimit(unitsConsumed);
    if (budget.unitLimit - recommended >= TRIM_THRESHOLD_UNITS && budget.unitLimit > recommended * 1.5) {
      advice.computeUnitLimit = recommended;
      notes.push(
        `it requested ${budget.unitLimit} compute units but used ${unitsConsumed}: set the limit to ${recommended}`,
      );
      if (budget.unitPriceMicroLamports > 0) {
        const saved = budget.priorityFeeLamports -
          priorityFeeLamports(budget.unitPriceMicroLamports, recommended);
        advice.priorityFeeLamports = saved;
        notes.push(`that saves ${saved} lamports of priority fee at the same price`);
      }
    } else if (input.recommendLimit) {
      advice.computeUnitLimit = recommended;
      notes.push(`set the compute-unit limit to ${recommended} (${unitsConsumed} used plus 10%)`);
    }
  }
  if (price) {
    advice.microLamportsPerComputeUnit = price.microLamportsPerComputeUnit;
    notes.push(
      price.microLamportsPerComputeUnit > 0
        ? `pay about ${price.microLamportsPerComputeUnit} micro-lamports per compute unit to land promptly`
        : "recent fees for the accounts it writes are 0, so no priority fee is needed",
    );
  }
  advice.reason = notes.length === 0 ? "Succeeded; nothing to change" : `Succeeded; ${notes.join("; ")}`;
  return advice;
}

function raiseLimit(input: ActionInput): ActionResult {
  const { budget, unitsConsumed, measuredUnits, price } = input;
  const limit = budget?.unitLimit ?? null;
  if (measuredUnits !== undefined && measuredUnits !== null && measuredUnits >= MAX_COMPUTE_UNIT_LIMIT) {
    return tooBig(input);
  }
  if (measuredUnits) {
    const target = recommendedComputeUnitLimit(measuredUnits);
    return {
      nextAction: withPriceFee(
        {
          action: "raise_compute_unit_limit",
          reason:
            `It ran out of compute units at a limit of ${limit ?? "unknown"}; simulated with the maximum ` +
            `limit it needs ${measuredUnits}: set the limit to ${target}`,
          computeUnitLimit: target,
        },
        target,
        price,
        budget,
      ),
      retryable: true,
    };
  }
  if (limit !== null && limit >= MAX_COMPUTE_UNIT_LIMIT) return tooBig(input);
  const base = Math.max(limit ?? 0, unitsConsumed ?? 0);
  const target = Math.min(MAX_COMPUTE_UNIT_LIMIT, Math.max(base * 2, recommendedComputeUnitLimit(base)));
  return {
    nextAction: withPriceFee(
      {
        action: "raise_compute_unit_limit",
        reason:
          `It ran out of compute units after ${unitsConsumed ?? "all"} of its ${limit ?? "unknown"} limit: ` +
          `raise the limit to at least ${target} (simulate the rebuilt transaction for the exact need)`,
        computeUnitLimit: target,
      },
      target,
      price,
      budget,
    ),
    retryable: true,
  };
}

function tooBig(input: ActionInput): ActionResult {
  return {
    nextAction: {
      action: "fix_transaction",
      reason: `It needs more than the maximum of ${MAX_COMPUTE_UNIT_LIMIT} compute units: split the work ` +
        "across several transactions",
      computeUnitLimit: MAX_COMPUTE_UNIT_LIMIT,
      ...(input.failure?.program ? { account: input.failure.program } : {}),
    },
    retryable: false,
  };
}

function withPrice(action: ActionKind, reason: string, price: PriceSuggestion | null): NextAction {
  return {
    action,
    reason: price && action === "raise_priority_fee"
      ? `${reason}: pay about ${price.microLamportsPerComputeUnit} micro-lamports per compute unit`
      : reason,
    ...(price ? { microLamportsPerComputeUnit: price.microLamportsPerComputeUnit } : {}),
  };
}

function withPriceFee(
  action: NextAction,
  limit: number,
  price: PriceSuggestion | null,
  budget: ComputeBudget | null,
): NextAction {
  const micro = price?.microLamportsPerComputeUnit ?? budget?.unitPriceMicroLamports ?? 0;
  if (micro <= 0) return action;
  return {
    ...action,
    microLamportsPerComputeUnit: micro,
    priorityFeeLamports: priorityFeeLamports(micro, limit),
  };
}

/** The failure's own explanation, as the reason when nothing more specific applies. */
function reasonFor(input: ActionInput): string {
  const { failure, verdict } = input;
  if (!failure) return `No failure recorded (${verdict.failureClass})`;
  const where = failure.programName ?? failure.program;
  const base = where ? `${failure.message} (${where})` : failure.message;
  const said = failure.code !== null && failure.source === "runtime" ? lastWords(input.frame) : null;
  return said ? `${base}; the program logged: "${said}"` : base;
}

/**
 * The newest line a failing frame logged itself that says more than the bare
 * code, so an undecoded error's reason is never just its hex.
 */
function lastWords(frame: ActionInput["frame"]): string | null {
  if (!frame) return null;
  const line = causeLines(frame.logs, frame.logs.length)
    .find((candidate) => !/custom program error|^Program log: Left:|^Program log: Right:/i.test(candidate));
  return line ? line.replace(/^Program log: /, "") : null;
}
