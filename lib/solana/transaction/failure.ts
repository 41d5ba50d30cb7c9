/**
 * What attribution answers: the failure's fields, where it was found, and the
 * small rules both kinds of failure (the runtime's own, a program's custom
 * code) share to rate and classify it. Kept apart so that each kind lives in
 * a module of its own without importing the other.
 *
 * @module
 */
import { type Confidence, type Verdict, verdictOf } from "./classes.ts";
import type { InferredMeaning } from "./error_meaning.ts";
import type { LogFrame } from "./logs.ts";
import type { ProgramErrorInfo } from "./program_errors/types.ts";

/** Where a failure's name and message came from. */
export type FailureSource = "log" | "table" | "idl" | "runtime";

/** The failure, attributed and decoded. */
export interface Failure {
  /** The failing top-level instruction, when the error names one. */
  instructionIndex: number | null;
  /** Address of the innermost program that raised the error. */
  program: string | null;
  programName: string | null;
  /** Invocation depth of that program (1 = top level), when seen in the logs. */
  depth: number | null;
  /** The program's custom code, for `Custom` errors. */
  code: number | null;
  hex: string | null;
  /** The error's name, e.g. `InsufficientFunds` or `ComputationalBudgetExceeded`. */
  errorName: string;
  message: string;
  source: FailureSource;
  confidence: Confidence;
  /** The account an error points at (`account_index`), or the one short of funds. */
  account: string | null;
  /** The name, message or log line the class was inferred from, when no table decided it. */
  evidence: string | null;
}

/** A custom-code lookup in a program's deployed IDL (for `code`); resolves `null` when it has none. */
export type IdlErrorLookup = (
  program: string,
  code: number,
) => Promise<Readonly<Record<number, ProgramErrorInfo>> | null>;

/** The outcome of attribution: the failure (or `null` on success) and its verdict. */
export interface Attribution {
  failure: Failure | null;
  verdict: Verdict;
  /** The frame the failure was attributed to, for evidence. */
  frame: LogFrame | null;
}

/** Where the failure happened: the frame, the failure's common fields, and how sure the location is. */
export interface Located {
  frame: LogFrame | undefined;
  base: Pick<Failure, "instructionIndex" | "program" | "programName" | "depth" | "account" | "evidence">;
  located: Confidence;
}

/** The verdict an inferred meaning gives, with its retry hints. */
export function inferredVerdict(inferred: InferredMeaning): Verdict {
  const verdict = verdictOf(inferred.failureClass, inferred.action);
  return {
    ...verdict,
    ...(inferred.retryable !== undefined ? { retryable: inferred.retryable } : {}),
    ...(inferred.retryAfterSeconds !== undefined ? { retryAfterSeconds: inferred.retryAfterSeconds } : {}),
  };
}

/** Confidence levels in order. */
const RANK: Record<Confidence, number> = { high: 2, medium: 1, low: 0 };

/** The lower of two confidences. */
export function lowest(a: Confidence, b: Confidence): Confidence {
  return RANK[a] <= RANK[b] ? a : b;
}
