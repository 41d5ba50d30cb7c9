/**
 * The shape of a program's error table: custom code → name, message and,
 * where the code says more than "the program refused", a failure class.
 *
 * @module
 */
import type { ActionKind, Confidence, FailureClass } from "../classes.ts";

/** One custom error code of a program. */
export interface ProgramErrorInfo {
  /** The error's name in the program's source, e.g. `SlippageToleranceExceeded`. */
  name: string;
  /** What it means, in plain language. */
  message: string;
  /** The class this code implies; `program_error` when absent. */
  failureClass?: FailureClass;
  /** Overrides the class's default action. */
  action?: ActionKind;
}

/** A program's table of custom error codes. */
export interface ProgramErrorTable {
  /** The program's address. */
  program: string;
  /** Human name, e.g. `SPL Token`. */
  programName: string;
  /** Codes defined by the program itself. */
  errors: Readonly<Record<number, ProgramErrorInfo>>;
  /** True for Anchor programs: codes 100–5999 are then Anchor framework errors. */
  anchor: boolean;
  /** How sure a decode from this table is (lower where the deployed numbering has drifted). */
  confidence: Confidence;
}

/** A table row: code, name, message, and optionally class and action. */
export type ErrorRow = [
  code: number,
  name: string,
  message: string,
  failureClass?: FailureClass,
  action?: ActionKind,
];

/**
 * Builds a code → info record from compact rows.
 *
 * @example
 * ```ts
 * errorRows([[1, "InsufficientFunds", "Not enough tokens", "insufficient_funds"]])[1]?.name; // "InsufficientFunds"
 * ```
 */
export function errorRows(rows: readonly ErrorRow[]): Record<number, ProgramErrorInfo> {
  const table: Record<number, ProgramErrorInfo> = {};
  for (const [code, name, message, failureClass, action] of rows) {
    table[code] = {
      name,
      message,
      ...(failureClass ? { failureClass } : {}),
      ...(action ? { action } : {}),
    };
  }
  return table;
}

/**
 * Builds rows for consecutive codes from `first`, for sources whose codes are
 * their position in the enum.
 */
export function sequentialRows(
  first: number,
  entries: ReadonlyArray<[name: string, message: string, failureClass?: FailureClass, action?: ActionKind]>,
): ErrorRow[] {
  return entries.map((
    [name, message, failureClass, action],
    i,
  ) => [first + i, name, message, failureClass, action]);
}
