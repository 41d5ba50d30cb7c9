/**
 * The payment steps as telemetry: a span for each verification and
 * settlement (the settlement's carrying its transaction id), and the
 * payment counters — verified, settled, released and refused by reason —,
 * the revenue in USDC base units by operation and network, and the time
 * settlements take. The gateway runs every step through here, whatever the
 * transport (HTTP or MCP).
 *
 * @module
 */
import type { SettleResponse } from "@x402/core/types";
import { msSince, serviceMetrics, traced } from "../shared/telemetry.ts";
import type { Authorization } from "./authorization.ts";
import type { KeptAnswer } from "./claims.ts";
import type { PricedResource } from "./offers.ts";
import type { PaymentRail } from "./rails.ts";

/** Why a step failed, for the `reason` attribute: the error's kind and, for a payment refusal, x402's reason. */
export function refusalReason(error: unknown): string {
  const kind = (error as { kind?: unknown })?.kind;
  const x402 = (error as { paymentRequired?: { error?: unknown } })?.paymentRequired?.error;
  const detail = typeof x402 === "string" && /^[a-z_]+$/.test(x402) ? `:${x402}` : "";
  return typeof kind === "string" ? `${kind}${detail}` : "error";
}

/** The attributes every payment step of `resource` on `rail` carries. */
function stepAttributes(rail: PaymentRail, resource: PricedResource) {
  return { "x402.network": rail.network, "x402.operation": resource.operation ?? resource.url };
}

/**
 * Runs a verification (`verify`) in its span, counting it verified or refused;
 * a resend answered with its kept answer is counted `resent` (it was charged
 * once, earlier). A payment only claimed here, verified by its settlement
 * alone, marks its span `x402.verify.skipped`.
 */
export function tracedVerification(
  rail: PaymentRail,
  resource: PricedResource,
  verify: () => Promise<Authorization | KeptAnswer>,
): Promise<Authorization | KeptAnswer> {
  const attributes = stepAttributes(rail, resource);
  return traced("x402.verify", attributes, async (span) => {
    try {
      const authorization = await verify();
      const kept = "answer" in authorization;
      const payer = kept ? authorization.settlement.payer : authorization.payer;
      if (payer) span.setAttribute("x402.payer", payer);
      // Claimed only: the facilitator was not asked; the settlement verifies it.
      if (!kept && !authorization.verified) span.setAttribute("x402.verify.skipped", true);
      serviceMetrics.payments.add(1, { ...attributes, outcome: kept ? "resent" : "verified" });
      return authorization;
    } catch (error) {
      serviceMetrics.payments.add(1, { ...attributes, outcome: "refused", reason: refusalReason(error) });
      throw error;
    }
  });
}

/**
 * Runs a settlement (`settle`) in its span: settled (with its transaction id
 * and the revenue), released when it resolves `undefined` (the buyer was
 * gone), refused when it throws; and how long it took.
 */
export function tracedSettlement(
  authorization: Authorization,
  settle: () => Promise<SettleResponse | undefined>,
): Promise<SettleResponse | undefined> {
  const { rail, resource, requirements } = authorization;
  const attributes = stepAttributes(rail, resource);
  return traced("x402.settle", { ...attributes, "x402.amount": requirements.amount }, async (span) => {
    const started = performance.now();
    try {
      const settlement = await settle();
      if (!settlement) {
        serviceMetrics.payments.add(1, { ...attributes, outcome: "released", reason: "client_gone" });
        return settlement;
      }
      span.setAttribute("x402.transaction", settlement.transaction);
      serviceMetrics.payments.add(1, { ...attributes, outcome: "settled" });
      serviceMetrics.revenue.add(Number(requirements.amount), {
        operation: attributes["x402.operation"],
        network: rail.network,
      });
      return settlement;
    } catch (error) {
      serviceMetrics.payments.add(1, { ...attributes, outcome: "refused", reason: refusalReason(error) });
      throw error;
    } finally {
      serviceMetrics.settlementDuration.record(msSince(started), attributes);
    }
  });
}

/** Runs a release (the work failed) in its span, counting it released. */
export function tracedRelease(authorization: Authorization, release: () => Promise<void>): Promise<void> {
  const attributes = stepAttributes(authorization.rail, authorization.resource);
  return traced("x402.release", attributes, async () => {
    await release();
    serviceMetrics.payments.add(1, { ...attributes, outcome: "released", reason: "work_failed" });
  });
}
