/**
 * The stable vocabulary of transaction diagnosis: failure classes, next
 * actions, and the verdict (class, retryable, action) every error maps to.
 * These names are part of the public contract; add to them, never rename.
 *
 * @module
 */

/** Why a transaction did not do what was intended, as a stable enum. */
export const FAILURE_CLASSES = [
  "none",
  "expired_blockhash",
  "pending",
  "compute_exceeded",
  "insufficient_funds",
  "slippage",
  "account_state",
  "account_in_use",
  "already_processed",
  "nonce",
  "signature",
  "invalid_transaction",
  "token_restriction",
  "program_error",
  "transient",
  "unknown",
] as const;

/** One of {@linkcode FAILURE_CLASSES}. */
export type FailureClass = typeof FAILURE_CLASSES[number];

/** What the caller should do next, as a stable enum. */
export const NEXT_ACTIONS = [
  "none",
  "wait_and_rebroadcast",
  "rebuild_with_fresh_blockhash",
  "raise_compute_unit_limit",
  "raise_priority_fee",
  "add_funds",
  "requote_and_rebuild",
  "create_account",
  "fix_transaction",
  "retry_later",
  "do_not_retry",
  "check_status",
] as const;

/** One of {@linkcode NEXT_ACTIONS}. */
export type ActionKind = typeof NEXT_ACTIONS[number];

/** How sure a decode is. */
export const CONFIDENCES = ["high", "medium", "low"] as const;

/** One of {@linkcode CONFIDENCES}. */
export type Confidence = typeof CONFIDENCES[number];

/** The class of a failure, whether retrying can help, and what to do. */
export interface Verdict {
  failureClass: FailureClass;
  /** True when sending again (as is, or rebuilt per the action) can succeed with nothing else changing first. */
  retryable: boolean;
  action: ActionKind;
  /** How long to wait before retrying, when the cause says (e.g. an oracle that must update first). */
  retryAfterSeconds?: number;
}

/** The usual action and retryability of each class, used when an error names no better one. */
export const CLASS_DEFAULTS: Readonly<Record<FailureClass, Omit<Verdict, "failureClass">>> = {
  none: { retryable: false, action: "none" },
  expired_blockhash: { retryable: true, action: "rebuild_with_fresh_blockhash" },
  pending: { retryable: true, action: "wait_and_rebroadcast" },
  compute_exceeded: { retryable: true, action: "raise_compute_unit_limit" },
  insufficient_funds: { retryable: false, action: "add_funds" },
  slippage: { retryable: true, action: "requote_and_rebuild" },
  account_state: { retryable: false, action: "fix_transaction" },
  account_in_use: { retryable: true, action: "wait_and_rebroadcast" },
  already_processed: { retryable: false, action: "check_status" },
  nonce: { retryable: true, action: "rebuild_with_fresh_blockhash" },
  signature: { retryable: false, action: "fix_transaction" },
  invalid_transaction: { retryable: false, action: "fix_transaction" },
  token_restriction: { retryable: false, action: "do_not_retry" },
  program_error: { retryable: false, action: "do_not_retry" },
  transient: { retryable: true, action: "retry_later" },
  unknown: { retryable: false, action: "do_not_retry" },
};

/**
 * The verdict for a class, with the class's default action unless `action`
 * overrides it.
 *
 * @example
 * ```ts
 * verdictOf("account_state", "create_account"); // { failureClass: "account_state", retryable: false, action: "create_account" }
 * ```
 */
export function verdictOf(failureClass: FailureClass, action?: ActionKind): Verdict {
  const defaults = CLASS_DEFAULTS[failureClass];
  return { failureClass, retryable: defaults.retryable, action: action ?? defaults.action };
}
