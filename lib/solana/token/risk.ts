/**
 * Token risk scoring with open rules: each rule that fires adds a signal with
 * a severity, a weight, its evidence and a one-line explanation. The score is
 * the sum of the weights capped at 100. What cannot be checked adds weight and
 * lowers confidence: an unknown never counts as safe. The rules and weights
 * are published in the token-safety guide; change both together and bump
 * {@linkcode RISK_RULES_VERSION}.
 *
 * @module
 */
import type { TokenInspection } from "./inspect.ts";
import { concentrationSignals } from "./risk_concentration.ts";
import { extensionSignals } from "./risk_extensions.ts";
import { signal } from "./risk_signal.ts";
import type { RiskSignal, Severity } from "./risk_signal.ts";

export type { RiskSignal, Severity };
export { transferFeeGrade } from "./risk_extensions.ts";

/** Version of the rule set below. */
export const RISK_RULES_VERSION = "2026-11-22";

/** The overall verdict. */
export type RiskLevel = "low" | "medium" | "high" | "critical";

/** The whole assessment. */
export interface RiskAssessment {
  /** 0 (nothing found) to 100. */
  score: number;
  level: RiskLevel;
  /** How much of the token could be checked: 1 = everything. */
  confidence: { score: number; level: "high" | "medium" | "low"; reasons: string[] };
  signals: RiskSignal[];
  rulesVersion: string;
}

/** Score bands: a score at or above `min` has that level. */
export const LEVEL_BANDS: ReadonlyArray<{ level: RiskLevel; min: number }> = [
  { level: "critical", min: 70 },
  { level: "high", min: 45 },
  { level: "medium", min: 20 },
  { level: "low", min: 0 },
];

/** Confidence lost per unknown, by signal id. */
export const CONFIDENCE_COST: Readonly<Record<string, number>> = {
  concentration_unavailable: 0.3,
  unknown_extension: 0.2,
  metadata_missing: 0.1,
  confidential_transfers: 0.1,
};

/** Runs every rule over an inspection and scores the result. */
export function assessRisk(inspection: TokenInspection): RiskAssessment {
  const signals = [
    ...authoritySignals(inspection),
    ...extensionSignals(inspection),
    ...metadataSignals(inspection),
  ];
  signals.push(...concentrationSignals(inspection.report));
  const score = Math.min(100, signals.reduce((total, s) => total + s.weight, 0));
  const byScore = LEVEL_BANDS.find((band) => score >= band.min)!.level;
  const level = signals.some((s) => s.severity === "critical") ? "critical" : byScore;
  return { score, level, confidence: confidenceOf(signals), signals, rulesVersion: RISK_RULES_VERSION };
}

function authoritySignals({ mint }: TokenInspection): RiskSignal[] {
  const signals: RiskSignal[] = [];
  if (mint.mintAuthority) {
    signals.push(signal(
      "mint_authority_live",
      "high",
      20,
      { mintAuthority: mint.mintAuthority, supply: mint.supply.toString() },
      "The mint authority can create new tokens at any time and dilute every holder",
    ));
  }
  if (mint.freezeAuthority) {
    signals.push(signal(
      "freeze_authority_live",
      "high",
      20,
      { freezeAuthority: mint.freezeAuthority },
      "The freeze authority can freeze any holder's token account so it can neither send nor receive",
    ));
  }
  return signals;
}

function metadataSignals({ report }: TokenInspection): RiskSignal[] {
  const { metadata } = report;
  if (!metadata) {
    return [signal(
      "metadata_missing",
      "medium",
      10,
      { metadataPointer: report.metadataPointer },
      "No readable name, symbol or URI was found, so the token cannot be told apart from look-alikes",
      true,
    )];
  }
  if (!metadata.mutable) return [];
  return [signal(
    "mutable_metadata",
    "low",
    5,
    { source: metadata.source, address: metadata.address, updateAuthority: metadata.updateAuthority },
    "The update authority can change the name, symbol and URI, e.g. to imitate another token",
  )];
}

function confidenceOf(signals: readonly RiskSignal[]): RiskAssessment["confidence"] {
  const unknowns = signals.filter((s) => s.unknown);
  const lost = unknowns.reduce((total, s) => total + (CONFIDENCE_COST[s.id] ?? 0.1), 0);
  const score = Math.max(0, Math.round((1 - lost) * 100) / 100);
  return {
    score,
    level: score >= 0.8 ? "high" : score >= 0.5 ? "medium" : "low",
    reasons: unknowns.map((s) => s.explanation),
  };
}
