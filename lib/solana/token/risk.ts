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
import { transferFeeSchedule } from "./extensions.ts";
import type { TokenInspection } from "./inspect.ts";
import { findExtension, liveAddress } from "./mint_account.ts";
import { concentrationSignals } from "./risk_concentration.ts";
import { signal } from "./risk_signal.ts";
import type { RiskSignal, Severity } from "./risk_signal.ts";

export type { RiskSignal, Severity };

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

/** Severity and weight of a transfer fee in basis points. */
export function transferFeeGrade(basisPoints: number): { severity: Severity; weight: number } {
  if (basisPoints >= 1000) return { severity: "critical", weight: 40 };
  if (basisPoints >= 500) return { severity: "high", weight: 25 };
  if (basisPoints >= 100) return { severity: "medium", weight: 10 };
  return { severity: "low", weight: 5 };
}

function extensionSignals({ mint, epoch, report }: TokenInspection): RiskSignal[] {
  const signals: RiskSignal[] = [];
  const delegate = findExtension(mint, "PermanentDelegate");
  if (delegate && liveAddress(delegate.delegate)) {
    signals.push(signal(
      "permanent_delegate",
      "critical",
      40,
      { delegate: delegate.delegate },
      "The permanent delegate can move or burn tokens out of any holder's account without their signature",
    ));
  }
  const fee = findExtension(mint, "TransferFeeConfig");
  if (fee) {
    const { current, scheduled } = transferFeeSchedule(fee, epoch);
    if (current.basisPoints > 0) {
      signals.push(signal(
        "transfer_fee",
        ...grade(current.basisPoints),
        { ...current, decimals: mint.decimals },
        `Every transfer pays ${
          current.basisPoints / 100
        }% (capped at ${current.maximumFee} raw units) to the fee authority`,
      ));
    }
    if (scheduled && scheduled.basisPoints > current.basisPoints) {
      signals.push(signal(
        "transfer_fee_scheduled",
        ...grade(scheduled.basisPoints),
        { current, scheduled, currentEpoch: epoch.toString() },
        `The transfer fee rises to ${
          scheduled.basisPoints / 100
        }% (cap ${scheduled.maximumFee}) from epoch ${scheduled.epoch}`,
      ));
    }
    const authority = liveAddress(fee.transferFeeConfigAuthority);
    if (authority) {
      signals.push(signal(
        "transfer_fee_adjustable",
        "medium",
        10,
        { transferFeeConfigAuthority: authority, current },
        "The fee authority can raise the transfer fee up to 100% (it takes effect two epochs later)",
      ));
    }
  }
  const hook = findExtension(mint, "TransferHook");
  if (hook && liveAddress(hook.programId)) {
    signals.push(signal(
      "transfer_hook",
      "high",
      25,
      { programId: hook.programId, authority: liveAddress(hook.authority) },
      "Every transfer runs a program chosen by the issuer, which can block transfers such as sells",
    ));
  } else if (hook && liveAddress(hook.authority)) {
    signals.push(signal(
      "transfer_hook_settable",
      "medium",
      10,
      { authority: hook.authority },
      "No transfer hook runs yet, but its authority can add one at any time",
    ));
  }
  const defaultState = findExtension(mint, "DefaultAccountState");
  if (defaultState?.state === 2) {
    signals.push(signal(
      "default_account_frozen",
      "critical",
      40,
      { defaultAccountState: "frozen", freezeAuthority: mint.freezeAuthority },
      mint.freezeAuthority
        ? "New holders' accounts start frozen; they can only move tokens once the freeze authority thaws them"
        : "New holders' accounts start frozen and no freeze authority exists to thaw them",
    ));
  }
  if (findExtension(mint, "NonTransferable")) {
    signals.push(signal(
      "non_transferable",
      "critical",
      50,
      {},
      "Tokens cannot be transferred at all once received: they cannot be sold",
    ));
  }
  const pausable = findExtension(mint, "PausableConfig");
  if (pausable?.paused) {
    signals.push(signal(
      "paused",
      "critical",
      50,
      { authority: liveAddress(pausable.authority) },
      "The token is paused: no transfer, mint or burn can happen until the authority resumes it",
    ));
  } else if (pausable && liveAddress(pausable.authority)) {
    signals.push(signal(
      "pausable",
      "high",
      20,
      { authority: liveAddress(pausable.authority) },
      "The pause authority can stop all transfers, minting and burning at any time",
    ));
  }
  const close = findExtension(mint, "MintCloseAuthority");
  if (close && liveAddress(close.closeAuthority)) {
    signals.push(signal(
      "closeable_mint",
      "medium",
      10,
      { closeAuthority: close.closeAuthority },
      "The close authority can close the mint once supply is zero and re-create a different mint at this address",
    ));
  }
  if (findExtension(mint, "ConfidentialTransferMint")) {
    signals.push(signal(
      "confidential_transfers",
      "low",
      5,
      {},
      "Balances can be moved into encrypted form, so holder figures may not show all of the supply",
      true,
    ));
  }
  const interest = findExtension(mint, "InterestBearingConfig");
  const scaled = findExtension(mint, "ScaledUiAmountConfig");
  const uiAuthority = (interest && liveAddress(interest.rateAuthority)) ??
    (scaled && liveAddress(scaled.authority));
  if (uiAuthority) {
    signals.push(signal(
      "ui_amount_adjustable",
      "low",
      5,
      { authority: uiAuthority },
      "An authority can change how raw balances are displayed (interest rate or multiplier)",
    ));
  }
  for (const entry of report.extensions.filter((e) => e.status !== "decoded")) {
    signals.push(signal(
      "unknown_extension",
      "high",
      15,
      { typeId: entry.typeId, status: entry.status, dataBase64: entry.dataBase64 },
      `Extension type ${entry.typeId} could not be assessed (${entry.status}); its effect on holders is unknown`,
      true,
    ));
  }
  return signals;
}

function grade(basisPoints: number): [Severity, number] {
  const { severity, weight } = transferFeeGrade(basisPoints);
  return [severity, weight];
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
