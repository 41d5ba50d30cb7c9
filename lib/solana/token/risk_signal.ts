/**
 * The shape of one risk signal, shared by the rule modules.
 *
 * @module
 */

/** How bad a signal is. */
export type Severity = "info" | "low" | "medium" | "high" | "critical";

/** One rule that fired. */
export interface RiskSignal {
  id: string;
  severity: Severity;
  /** Points added to the score. */
  weight: number;
  /** The values and accounts the rule looked at. */
  evidence: Record<string, unknown>;
  explanation: string;
  /** Whether the signal reports something that could not be checked. */
  unknown: boolean;
}

/** Builds a signal. */
export function signal(
  id: string,
  severity: Severity,
  weight: number,
  evidence: Record<string, unknown>,
  explanation: string,
  unknown = false,
): RiskSignal {
  return { id, severity, weight, evidence, explanation, unknown };
}
