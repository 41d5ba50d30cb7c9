/**
 * Which failures a repair can fix mechanically and, for the others, the
 * stable reason why none is offered: a slippage needs a new quote, a
 * shortfall needs funds the payer does not have, a program's refusal needs a
 * different transaction. Kept apart from the planner so the vocabulary is
 * read in one place.
 *
 * @module
 */
import type { DiagnosisOutput } from "../schema.ts";
import type { Repair, RepairCode } from "./schema.ts";

/** The diagnosis fields a repair decision reads. */
export type RepairDiagnosis = Pick<DiagnosisOutput, "failureClass" | "nextAction" | "failure" | "retryable">;

/** What to fix, when the failure is mechanical. */
export type RepairPlan =
  | { kind: "rebuild"; raisePrice: boolean }
  | { kind: "create_missing_accounts"; instructionIndex: number };

/** Classes whose failure may be a missing associated token account. */
const ACCOUNT_CLASSES = new Set(["account_state", "program_error", "unknown", "invalid_transaction"]);

/**
 * How to repair `diagnosis`, or the refusal. A success is repaired only when
 * its blockhash can no longer land (`blockhashValid === false`) or a fee
 * level is asked for (the planner then compares prices).
 */
export function planFor(
  diagnosis: RepairDiagnosis,
  context: { durableNonce: boolean; blockhashValid: boolean | null; feeLevelAsked: boolean },
): RepairPlan | Repair {
  const { failureClass, nextAction, failure } = diagnosis;
  if (context.durableNonce) {
    return refuse(
      "durable_nonce",
      "It uses a durable nonce: its lifetime is the nonce, not a blockhash, so it is not rebuilt here",
    );
  }
  switch (failureClass) {
    case "none":
      // Its blockhash expired: rebuilt at a price that lands it in time, as for an expired transaction.
      if (context.blockhashValid === false) return { kind: "rebuild", raisePrice: true };
      if (context.feeLevelAsked) return { kind: "rebuild", raisePrice: true };
      return refuse("not_needed", "It succeeds as it is; nothing to repair");
    case "compute_exceeded":
      return nextAction.action === "raise_compute_unit_limit"
        ? { kind: "rebuild", raisePrice: context.feeLevelAsked }
        : refuse("exceeds_max_compute", nextAction.reason);
    case "expired_blockhash":
      return { kind: "rebuild", raisePrice: true };
    case "slippage":
      return refuse(
        "needs_new_quote",
        "The price moved past the bound the transaction set: it needs a new quote, which only the sender's " +
          "router can give, not a mechanical rebuild",
      );
    case "insufficient_funds":
      return insufficient(nextAction);
    case "transient":
    case "account_in_use":
      return refuse("retry_later", `${nextAction.reason}: send the same transaction again later`);
    default:
      if (
        ACCOUNT_CLASSES.has(failureClass) && failure?.instructionIndex !== null &&
        failure?.instructionIndex !== undefined
      ) {
        return { kind: "create_missing_accounts", instructionIndex: failure.instructionIndex };
      }
      return notMechanical(diagnosis);
  }
}

/** The refusal for a failure no mechanical change fixes. */
export function notMechanical(diagnosis: RepairDiagnosis): Repair {
  return refuse(
    "not_mechanical",
    `No mechanical fix: ${diagnosis.failureClass} (${diagnosis.nextAction.action}): ${diagnosis.nextAction.reason}`,
  );
}

/** The refusal for a shortfall, with what is missing. */
export function insufficient(nextAction: RepairDiagnosis["nextAction"]): Repair {
  const lacks = nextAction.lamportsMissing !== undefined
    ? `${nextAction.account ?? "the payer"} lacks ${nextAction.lamportsMissing} lamports`
    : nextAction.tokenAmountMissing !== undefined
    ? `${nextAction.account ?? "the source"} lacks ${nextAction.tokenAmountMissing} base units of ${
      nextAction.mint ?? "the token"
    }`
    : nextAction.reason;
  return {
    ...refuse("insufficient_funds", `Funds are missing (${lacks}); a rebuild cannot add them`),
    ...(nextAction.lamportsMissing !== undefined ? { lamportsMissing: nextAction.lamportsMissing } : {}),
    ...(nextAction.account ? { account: nextAction.account } : {}),
  };
}

/** A refusal. */
export function refuse(code: Exclude<RepairCode, "repaired">, reason: string): Repair {
  return { available: false, code, reason };
}
