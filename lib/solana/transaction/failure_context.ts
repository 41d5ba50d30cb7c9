/**
 * What the details of a failure are read from, beyond its verdict: the
 * attributed failure, the log frames, the message, the inner instructions and
 * the balances before and after.
 *
 * @module
 */
import type { Failure } from "./attribution.ts";
import type { BalanceSnapshot } from "./balances.ts";
import type { LogFrame } from "./logs.ts";
import type { MessageView } from "./message.ts";

/** A failed run, as far as its details are read. */
export interface FailureContext {
  failure: Failure | null;
  /** The frame the failure was attributed to. */
  frame: LogFrame | null;
  frames: readonly LogFrame[];
  view: MessageView | null;
  innerInstructions: unknown;
  snapshot: BalanceSnapshot | null;
}
