/**
 * A transaction's compute budget and fee split: the compute-unit limit and
 * price it asked for (from Compute Budget instructions, the runtime defaults
 * when absent, or a v1 message's own config), how much of the fee was the
 * base signature fee and how much priority fee, and how far the limit was
 * over what it consumed.
 *
 * @module
 */
import { MAX_COMPUTE_UNIT_LIMIT, priorityFeeLamports } from "../fees/mod.ts";
import type { MessageView } from "./message.ts";
import { COMPUTE_BUDGET_PROGRAM, isBuiltinProgram } from "./program_errors/registry.ts";

/** Lamports charged per signature. */
export const LAMPORTS_PER_SIGNATURE = 5000;
/** Default limit per non-builtin instruction when no SetComputeUnitLimit is given. */
export const DEFAULT_INSTRUCTION_COMPUTE_UNITS = 200_000;
/** Default limit per builtin instruction when no SetComputeUnitLimit is given. */
export const DEFAULT_BUILTIN_COMPUTE_UNITS = 3_000;
/** Headroom over measured consumption when recommending a limit, in percent. */
export const COMPUTE_UNIT_MARGIN_PERCENT = 10;

const PRECOMPILES = new Set([
  "Ed25519SigVerify111111111111111111111111111",
  "KeccakSecp256k11111111111111111111111111111",
  "Secp256r1SigVerify1111111111111111111111111",
]);

/** Where the compute-unit limit came from. */
export type LimitSource = "instruction" | "default" | "message_config";

/** The compute budget a message asks for. */
export interface ComputeBudget {
  /** The compute-unit limit in force. */
  unitLimit: number;
  limitSource: LimitSource;
  /** Micro-lamports per compute unit (0 for v1 messages, which pay an absolute priority fee). */
  unitPriceMicroLamports: number;
  /** The priority fee the settings imply, in lamports. */
  priorityFeeLamports: number;
  /** How the priority fee is set: per compute unit (legacy/v0) or as a lamport amount (v1). */
  feeModel: "compute_unit_price" | "message_config";
  heapBytes: number | null;
  loadedAccountsDataSizeLimit: number | null;
  /** Signatures the fee is charged for (message signers plus precompile signatures). */
  signatureCount: number;
}

/**
 * Reads the compute budget of a message.
 *
 * @example
 * ```ts
 * computeBudgetOf(view).unitLimit; // e.g. 200000 for one program instruction without SetComputeUnitLimit
 * ```
 */
export function computeBudgetOf(view: MessageView): ComputeBudget {
  const signatureCount = view.numRequiredSignatures + precompileSignatures(view);
  if (view.config) {
    const fee = view.config.priorityFeeLamports ?? 0n;
    return {
      unitLimit: Math.min(view.config.computeUnitLimit ?? 0, MAX_COMPUTE_UNIT_LIMIT),
      limitSource: "message_config",
      unitPriceMicroLamports: 0,
      priorityFeeLamports: Number(fee),
      feeModel: "message_config",
      heapBytes: view.config.heapSize,
      loadedAccountsDataSizeLimit: view.config.loadedAccountsDataSizeLimit,
      signatureCount,
    };
  }
  let limit: number | null = null;
  let price = 0n;
  let heapBytes: number | null = null;
  let loadedAccountsDataSizeLimit: number | null = null;
  for (const instruction of view.instructions) {
    const data = instruction.data;
    if (instruction.program !== COMPUTE_BUDGET_PROGRAM || !data || data.length === 0) continue;
    const reader = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === 1 && data.length >= 5) heapBytes = reader.getUint32(1, true);
    if (data[0] === 2 && data.length >= 5) limit = reader.getUint32(1, true);
    if (data[0] === 3 && data.length >= 9) price = reader.getBigUint64(1, true);
    if (data[0] === 4 && data.length >= 5) loadedAccountsDataSizeLimit = reader.getUint32(1, true);
  }
  const unitLimit = Math.min(limit ?? defaultComputeUnitLimit(view), MAX_COMPUTE_UNIT_LIMIT);
  const unitPriceMicroLamports = Number(price);
  return {
    unitLimit,
    limitSource: limit === null ? "default" : "instruction",
    unitPriceMicroLamports,
    priorityFeeLamports: priorityFeeLamports(unitPriceMicroLamports, unitLimit),
    feeModel: "compute_unit_price",
    heapBytes,
    loadedAccountsDataSizeLimit,
    signatureCount,
  };
}

/**
 * The limit the runtime applies without SetComputeUnitLimit: 200,000 units per
 * non-builtin instruction plus 3,000 per builtin one, at most 1,400,000.
 */
export function defaultComputeUnitLimit(view: MessageView): number {
  let total = 0;
  for (const instruction of view.instructions) {
    total += isBuiltinProgram(instruction.program)
      ? DEFAULT_BUILTIN_COMPUTE_UNITS
      : DEFAULT_INSTRUCTION_COMPUTE_UNITS;
  }
  return Math.min(total, MAX_COMPUTE_UNIT_LIMIT);
}

/** A fee split into base (signatures) and priority parts. */
export interface FeeSplit {
  totalLamports: number;
  baseLamports: number;
  priorityLamports: number;
  model: ComputeBudget["feeModel"];
}

/**
 * Splits the fee actually charged into the base part (5,000 lamports per
 * signature) and the priority part (the rest). Both fee models charge base
 * plus priority, so this holds for v1 messages too.
 */
export function splitFee(totalLamports: number, budget: ComputeBudget): FeeSplit {
  const base = Math.min(budget.signatureCount * LAMPORTS_PER_SIGNATURE, totalLamports);
  return {
    totalLamports,
    baseLamports: base,
    priorityLamports: totalLamports - base,
    model: budget.feeModel,
  };
}

/** The fee a message would be charged: base per signature plus the priority fee its budget implies. */
export function expectedFee(budget: ComputeBudget): FeeSplit {
  const base = budget.signatureCount * LAMPORTS_PER_SIGNATURE;
  return {
    totalLamports: base + budget.priorityFeeLamports,
    baseLamports: base,
    priorityLamports: budget.priorityFeeLamports,
    model: budget.feeModel,
  };
}

/** The limit to set for a transaction that consumed `consumed` units: consumption plus 10 %, within bounds. */
export function recommendedComputeUnitLimit(consumed: number): number {
  // Integer arithmetic: 100000 × 1.1 is 110000.00000000001 in floating point.
  const withMargin = Math.ceil((consumed * (100 + COMPUTE_UNIT_MARGIN_PERCENT)) / 100);
  return Math.min(Math.max(withMargin, 1), MAX_COMPUTE_UNIT_LIMIT);
}

/** Requested limit divided by units consumed, to 2 decimals; `null` when nothing was consumed. */
export function overRequestRatio(limit: number, consumed: number | null): number | null {
  if (consumed === null || consumed <= 0) return null;
  return Math.round((limit / consumed) * 100) / 100;
}

function precompileSignatures(view: MessageView): number {
  let count = 0;
  for (const instruction of view.instructions) {
    if (PRECOMPILES.has(instruction.program) && instruction.data && instruction.data.length > 0) {
      count += instruction.data[0]!;
    }
  }
  return count;
}
