/**
 * Diagnoses one execution of a transaction, landed or simulated: fee split,
 * compute budget, balance changes, invocation tree, attributed failure,
 * verdict, next action and summary. Explain and simulate differ only in
 * where the record comes from.
 *
 * @module
 */
import { attributeFailure, type IdlErrorLookup } from "./attribution.ts";
import { balanceChanges, type BalanceSnapshot } from "./balances.ts";
import {
  computeBudgetOf,
  expectedFee,
  type FeeSplit,
  overRequestRatio,
  recommendedComputeUnitLimit,
  splitFee,
} from "./compute_budget.ts";
import { parseTransactionError } from "./error_shapes.ts";
import { instructionName } from "./instruction_names.ts";
import { alignInstructions, parseLogs } from "./logs.ts";
import type { MessageView } from "./message.ts";
import { nextActionFor, type PriceSuggestion } from "./next_action.ts";
import { programNameOf } from "./program_errors/registry.ts";
import type { DiagnosisOutput } from "./schema.ts";
import { summarise } from "./summary.ts";

/** One execution of a transaction, as the RPC reported it. */
export interface RunRecord {
  view: MessageView;
  /** The error in any RPC shape; `null` on success. */
  err: unknown;
  logs: readonly unknown[] | null;
  unitsConsumed: number | null;
  /** The fee charged (landed) or quoted (simulated); `null` when unknown. */
  feeLamports: number | null;
  snapshot: BalanceSnapshot | null;
  innerInstructions: unknown;
}

/** Options for {@linkcode diagnoseRun}. */
export interface DiagnoseOptions {
  /** Who ran it, for the summary, e.g. `"The transaction (slot 5)"`. */
  subject: string;
  lookupIdl?: IdlErrorLookup;
  price?: PriceSuggestion | null;
  measuredUnits?: number | null;
  recommendLimit?: boolean;
}

/** Diagnoses a run. */
export async function diagnoseRun(record: RunRecord, options: DiagnoseOptions): Promise<DiagnosisOutput> {
  const { view } = record;
  const parsedLogs = parseLogs(record.logs);
  alignInstructions(parsedLogs.frames, view.instructions.map((instruction) => instruction.program));
  const parsed = parseTransactionError(record.err);
  const attribution = await attributeFailure(parsed, parsedLogs.frames, view, options.lookupIdl);
  const budget = computeBudgetOf(view);
  const fee: FeeSplit = record.feeLamports !== null
    ? splitFee(record.feeLamports, budget)
    : expectedFee(budget);
  const { nextAction, retryable } = nextActionFor({
    verdict: attribution.verdict,
    failure: attribution.failure,
    frame: attribution.frame,
    frames: parsedLogs.frames,
    view,
    budget,
    unitsConsumed: record.unitsConsumed,
    snapshot: record.snapshot,
    innerInstructions: record.innerInstructions,
    fee,
    price: options.price ?? null,
    ...(options.measuredUnits !== undefined ? { measuredUnits: options.measuredUnits } : {}),
    ...(options.recommendLimit ? { recommendLimit: true } : {}),
  });
  return {
    version: view.version,
    feePayer: view.accountKeys[0]?.address ?? null,
    signers: view.accountKeys.filter((key) => key.signer).map((key) => key.address),
    instructions: view.instructions.map((instruction) => ({
      index: instruction.index,
      program: instruction.program,
      programName: programNameOf(instruction.program),
      name: instructionName(instruction.program, instruction.data, instruction.parsedType),
      accounts: instruction.accounts.length,
    })),
    fee,
    compute: {
      unitsConsumed: record.unitsConsumed,
      unitLimit: budget.unitLimit,
      limitSource: budget.limitSource,
      unitPriceMicroLamports: budget.unitPriceMicroLamports,
      overRequestRatio: overRequestRatio(budget.unitLimit, record.unitsConsumed),
      recommendedUnitLimit: record.unitsConsumed ? recommendedComputeUnitLimit(record.unitsConsumed) : null,
      heapBytes: budget.heapBytes,
      loadedAccountsDataSizeLimit: budget.loadedAccountsDataSizeLimit,
    },
    balances: record.snapshot ? balanceChanges(record.snapshot) : { sol: [], tokens: [] },
    logs: {
      truncated: parsedLogs.truncated,
      frames: parsedLogs.frames.map(({ openLine: _open, closeLine: _close, ...frame }) => ({
        ...frame,
        programName: programNameOf(frame.program),
      })),
    },
    failureClass: attribution.verdict.failureClass,
    retryable,
    nextAction,
    failure: attribution.failure,
    rawError: record.err ?? null,
    summary: summarise({
      subject: options.subject,
      failure: attribution.failure,
      nextAction,
      instructionCount: view.instructions.length,
      fee,
      unitsConsumed: record.unitsConsumed,
      unitLimit: budget.unitLimit,
    }),
  };
}
