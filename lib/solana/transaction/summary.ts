/**
 * One human sentence about a diagnosis.
 *
 * @module
 */
import type { Failure } from "./attribution.ts";
import type { FeeSplit } from "./compute_budget.ts";
import type { NextAction } from "./next_action.ts";

/** What the sentence is built from. */
export interface SummaryInput {
  /** Who did it, e.g. `"The transaction (slot 1234)"` or `"The simulation"`. */
  subject: string;
  failure: Failure | null;
  nextAction: NextAction;
  instructionCount: number;
  fee: FeeSplit | null;
  unitsConsumed: number | null;
  unitLimit: number | null;
}

/**
 * Writes the sentence.
 *
 * @example
 * ```ts
 * summarise({ subject: "The transaction", failure: null, nextAction, instructionCount: 2, fee, unitsConsumed: 450, unitLimit: 203000 });
 * // "The transaction succeeded: 2 instructions, fee 5000 lamports (0 priority), 450 of 203000 compute units used."
 * ```
 */
export function summarise(input: SummaryInput): string {
  const { subject, failure, nextAction } = input;
  if (!failure) {
    const parts = [`${input.instructionCount} instruction${input.instructionCount === 1 ? "" : "s"}`];
    if (input.fee) {
      parts.push(`fee ${input.fee.totalLamports} lamports (${input.fee.priorityLamports} priority)`);
    }
    if (input.unitsConsumed !== null && input.unitLimit !== null) {
      parts.push(`${input.unitsConsumed} of ${input.unitLimit} compute units used`);
    }
    const advice = nextAction.computeUnitLimit !== undefined
      ? `; ${lowerFirst(stripSucceeded(nextAction.reason))}`
      : "";
    return `${subject} succeeded: ${parts.join(", ")}${advice}.`;
  }
  const who = failure.programName ?? failure.program;
  const where = failure.instructionIndex !== null ? ` at instruction ${failure.instructionIndex}` : "";
  const raised = who ? `${who} raised ${failure.errorName}${where}` : `${failure.errorName}${where}`;
  return `${subject} failed: ${raised} (${lowerFirst(failure.message)}); next: ${nextAction.action}.`;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function stripSucceeded(reason: string): string {
  return reason.replace(/^Succeeded; /, "");
}
