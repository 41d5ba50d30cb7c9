/**
 * Risk rules on holder concentration (see `risk.ts` for the scoring).
 *
 * @module
 */
import type { TokenReport } from "./inspect.ts";
import { shareOf } from "../amount.ts";
import { signal } from "./risk_signal.ts";
import type { RiskSignal } from "./risk_signal.ts";

/** Thresholds on shares of circulating supply (fractions), checked highest first. */
export const CONCENTRATION_RULES = {
  top1: [{ above: 0.5, severity: "high", weight: 20 }, { above: 0.2, severity: "medium", weight: 10 }],
  top10: [{ above: 0.7, severity: "high", weight: 20 }, { above: 0.5, severity: "medium", weight: 10 }],
  /** Share of total supply in the hands of the mint's own authorities. */
  authorityHoldings: { above: 0.1, severity: "medium", weight: 10 },
} as const;

/** Signals from the holder distribution, or one unknown signal when it could not be read. */
export function concentrationSignals(report: TokenReport): RiskSignal[] {
  const { concentration } = report;
  if (!concentration.available) {
    return [signal(
      "concentration_unavailable",
      "medium",
      10,
      { reason: concentration.reason },
      "The largest holders could not be read, so concentration is unknown (not assumed safe)",
      true,
    )];
  }
  const signals: RiskSignal[] = [];
  const top = concentration.holders.filter((h) => h.labels.length === 0).slice(0, 10).map((h) => ({
    owner: h.owner,
    tokenAccount: h.tokenAccount,
    share: h.share,
  }));
  const top1 = concentration.top1CirculatingShare;
  const top1Rule = CONCENTRATION_RULES.top1.find((rule) => top1 !== null && top1 > rule.above);
  if (top1Rule && top1 !== null) {
    signals.push(signal(
      "top1_concentration",
      top1Rule.severity,
      top1Rule.weight,
      { top1CirculatingShare: top1, threshold: top1Rule.above, holder: top[0] ?? null },
      `One holder owns ${pct(top1)} of the circulating supply (more than ${pct(top1Rule.above)})`,
    ));
  }
  const top10 = concentration.top10CirculatingShare;
  const top10Rule = CONCENTRATION_RULES.top10.find((rule) => top10 !== null && top10 > rule.above);
  if (top10Rule && top10 !== null) {
    signals.push(signal(
      "top10_concentration",
      top10Rule.severity,
      top10Rule.weight,
      { top10CirculatingShare: top10, threshold: top10Rule.above, holders: top },
      `The 10 largest holders own ${pct(top10)} of the circulating supply (more than ${
        pct(top10Rule.above)
      })`,
    ));
  }
  const insiders = concentration.holders.filter((h) => h.labels.some((label) => label !== "burn"));
  const insiderAmount = insiders.reduce((total, h) => total + BigInt(h.amount), 0n);
  const insiderShare = shareOf(insiderAmount, BigInt(report.supply.raw));
  const rule = CONCENTRATION_RULES.authorityHoldings;
  if (insiderShare !== null && insiderShare > rule.above) {
    signals.push(signal(
      "authority_holdings",
      rule.severity,
      rule.weight,
      {
        share: insiderShare,
        threshold: rule.above,
        holders: insiders.map((h) => ({ owner: h.owner, labels: h.labels, share: h.share })),
      },
      `The token's own authorities hold ${pct(insiderShare)} of the supply and can sell it at any time`,
    ));
  }
  return signals;
}

function pct(fraction: number): string {
  return `${Math.round(fraction * 10_000) / 100}%`;
}
