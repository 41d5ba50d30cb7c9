/**
 * The details a failure's next action carries beyond its kind: the wait a
 * program states before a retry, the numbers of a failed slippage check, and
 * which account an account failure is about and in what state.
 *
 * @module
 */
import { accountFinding } from "./account_state.ts";
import type { ActionInput, NextAction } from "./action_types.ts";
import { comparedWait, statedWait } from "./retry_timing.ts";
import { slippageNumbers, slippageReason } from "./slippage/mod.ts";

/** Seconds to wait before retrying a transient failure whose cause names no better delay. */
const DEFAULT_RETRY_SECONDS = 2;

/** Classes whose failures can be about one account's state (a wrong owner is `invalid_transaction`, frozen `token_restriction`). */
const ACCOUNT_CLASSES = new Set(["account_state", "invalid_transaction", "token_restriction"]);

/** Which account and what state, for a failure about an account; nothing for the rest. */
export function accountDetails(input: ActionInput): Partial<NextAction> {
  if (!ACCOUNT_CLASSES.has(input.verdict.failureClass)) return {};
  const finding = accountFinding(input);
  return input.verdict.failureClass === "account_state" || finding.accountState ? finding : {};
}

/** The wait before a retry: what the program's log states, else the cause's default. */
export function retryLaterAction(input: ActionInput, reason: string): NextAction {
  const words = `${input.failure?.errorName ?? ""} ${input.failure?.message ?? ""}`
    .replace(/([a-z])([A-Z])/g, "$1 $2");
  const stated = input.frame ? statedWait(input.frame.logs) ?? comparedWait(input.frame.logs, words) : null;
  if (stated) {
    const line = stated.evidence?.replace(/^Program log: /, "") ?? "";
    return {
      action: "retry_later",
      reason: `${reason}; the program says "${line}": retry in ${stated.seconds} s` +
        (stated.basis === "stated_slots" ? " (slots counted at about 0.4 s each)" : ""),
      retryAfterSeconds: stated.seconds,
      retryAfterBasis: stated.basis,
    };
  }
  return {
    action: "retry_later",
    reason,
    retryAfterSeconds: input.verdict.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS,
    retryAfterBasis: "cause_default",
  };
}

/** The requote action, with the numbers of the failed slippage check where the chain gives them. */
export function requoteAction(input: ActionInput, reason: string): NextAction {
  const numbers = slippageNumbers(input);
  return {
    action: "requote_and_rebuild",
    reason: numbers ? slippageReason(numbers, reason) : reason,
    ...(input.failure?.account ? { account: input.failure.account } : {}),
    ...(numbers ? { slippage: numbers, ...(numbers.mint ? { mint: numbers.mint } : {}) } : {}),
  };
}
