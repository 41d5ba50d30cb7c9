/**
 * The risk rules on a mint's extensions: what each one lets an authority do
 * to holders (move or burn their tokens, charge a fee on every transfer and
 * raise it, run a program on every transfer, stop transfers, close and
 * re-create the mint, change how balances read), and an extension that could
 * not be assessed. The weights are published in the token-safety guide with
 * the rest of the rules (`risk.ts`).
 *
 * @module
 */
import { transferFeeSchedule } from "./extensions.ts";
import type { TokenInspection } from "./inspect.ts";
import { findExtension, liveAddress } from "./mint_account.ts";
import { signal } from "./risk_signal.ts";
import type { RiskSignal, Severity } from "./risk_signal.ts";

type Mint = TokenInspection["mint"];

/** Severity and weight of a transfer fee in basis points. */
export function transferFeeGrade(basisPoints: number): { severity: Severity; weight: number } {
  if (basisPoints >= 1000) return { severity: "critical", weight: 40 };
  if (basisPoints >= 500) return { severity: "high", weight: 25 };
  if (basisPoints >= 100) return { severity: "medium", weight: 10 };
  return { severity: "low", weight: 5 };
}

/** The signals of every extension rule, in the order the assessment lists them. */
export function extensionSignals({ mint, epoch, report }: TokenInspection): RiskSignal[] {
  return [
    ...delegateSignals(mint),
    ...transferFeeSignals(mint, epoch),
    ...transferHookSignals(mint),
    ...transferStopSignals(mint),
    ...closeSignals(mint),
    ...balanceReadingSignals(mint),
    ...unassessedSignals(report),
  ];
}

/** A permanent delegate: someone who can take any holder's tokens. */
function delegateSignals(mint: Mint): RiskSignal[] {
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
  return signals;
}

/** A transfer fee: charged now, scheduled to rise, or adjustable by its authority. */
function transferFeeSignals(mint: Mint, epoch: TokenInspection["epoch"]): RiskSignal[] {
  const signals: RiskSignal[] = [];
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
  return signals;
}

/** A transfer hook: a program of the issuer's run on every transfer, or an authority that can add one. */
function transferHookSignals(mint: Mint): RiskSignal[] {
  const signals: RiskSignal[] = [];
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
  return signals;
}

/** What stops holders moving tokens: accounts that start frozen, no transfers at all, a pause. */
function transferStopSignals(mint: Mint): RiskSignal[] {
  const signals: RiskSignal[] = [];
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
  return signals;
}

/** A close authority: the mint can be closed and re-created as another. */
function closeSignals(mint: Mint): RiskSignal[] {
  const signals: RiskSignal[] = [];
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
  return signals;
}

/** What makes balances read other than they are: encrypted balances, an adjustable display amount. */
function balanceReadingSignals(mint: Mint): RiskSignal[] {
  const signals: RiskSignal[] = [];
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
  return signals;
}

/** Extensions that could not be decoded, so their effect on holders is unknown. */
function unassessedSignals(report: TokenInspection["report"]): RiskSignal[] {
  const signals: RiskSignal[] = [];
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
