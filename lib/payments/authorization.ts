/**
 * Authorizing a payment: it must be x402 v2, match the offer, be well formed,
 * name the resource it pays for (see `binding.ts`), not be claimed by another
 * request, and pass the facilitator's verification. The replay claim taken
 * here is held until the payment is settled or released.
 *
 * @module
 */
import type { x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { VerifyError } from "@x402/core/types";
import { ServiceError, UnavailableError } from "../shared/errors.ts";
import { bindingMismatch } from "./binding.ts";
import type { Claim, ClaimStore } from "./claims.ts";
import type { PaymentOffers, PricedResource } from "./offers.ts";
import { type PaymentRail, throwIfUnavailable } from "./rails.ts";
import { withinTime } from "./within_time.ts";

/** A verified payment whose claim is held until it is settled or released. */
export interface Authorization {
  readonly rail: PaymentRail;
  readonly resource: PricedResource;
  readonly payload: PaymentPayload;
  readonly requirements: PaymentRequirements;
  readonly claim: Claim;
  /** The paying address, as the facilitator reported it. */
  readonly payer?: string;
}

/** What authorizing needs. */
export interface AuthorizationParts {
  server: x402ResourceServer;
  offers: PaymentOffers;
  claims: ClaimStore;
  /** How long the facilitator may take to verify. */
  timeoutMs: number;
}

/**
 * Verifies `payload` for `resource` (requested with `method`, over HTTP) and
 * claims it. Throws `PaymentRequiredError` with the reason when it cannot
 * pay, or {@linkcode UnavailableError} when the facilitator cannot be reached.
 */
export async function authorizePayment(
  parts: AuthorizationParts,
  rail: PaymentRail,
  resource: PricedResource,
  payload: PaymentPayload,
  method?: string,
): Promise<Authorization> {
  const { server, offers, claims } = parts;
  throwIfUnavailable(rail);
  const requirements = await offers.requirements(rail, resource);
  const refuse = (reason: string) => offers.refusal(rail, resource, reason);
  if (payload?.x402Version !== 2) {
    throw await refuse(`Unsupported x402 version "${payload?.x402Version}": use 2`);
  }
  const matched = server.findMatchingRequirements(requirements, payload);
  if (!matched) {
    const offered = payload.accepted?.network;
    throw await refuse(
      offered && offered !== rail.network
        ? `Wrong network: this resource is paid on ${rail.label} ("${rail.network}"), the payment is for "${offered}"`
        : "Payment does not match the requirements: check scheme, asset, amount and payTo",
    );
  }
  const shape = rail.payloadShape.safeParse(payload.payload);
  if (!shape.success) {
    const [issue] = shape.error.issues;
    const field = ["payload", ...(issue?.path ?? [])].join(".");
    throw await refuse(`Malformed payment: "${field}": ${issue?.message ?? "invalid"}`);
  }
  const now = Math.floor(Date.now() / 1000);
  const mismatch = bindingMismatch(rail, payload, { url: resource.url, method }, matched, now);
  if (mismatch) throw await refuse(mismatch);
  let paymentId: string;
  try {
    paymentId = await rail.paymentId(payload);
  } catch (error) {
    throw await refuse(`Malformed payment: ${(error as Error).message}`);
  }
  const claim = await claims.claim(paymentId);
  if (claim === "settled") throw await refuse("Payment already used: it bought an earlier response");
  if (claim === "in_flight") throw await refuse("Payment in use: another request is being served with it");
  if (claim === "unconfirmed") {
    throw await refuse(
      "Payment settlement unconfirmed: an earlier request sent it for settlement and no answer came; it may " +
        "have been charged, so it buys nothing more: make a new payment",
    );
  }
  let verified;
  try {
    verified = await withinTime(server.verifyPayment(payload, matched), parts.timeoutMs, "verification");
  } catch (error) {
    await claims.release(claim);
    if (error instanceof ServiceError) throw error;
    if (error instanceof VerifyError) {
      // An HTTP facilitator that answers a refusal with a 4xx status: it did answer, and said no.
      const detail = error.invalidMessage ?? error.invalidReason ?? "rejected by the facilitator";
      throw await refuse(`Payment invalid: ${detail}`);
    }
    throw new UnavailableError("Payment facilitator did not answer the verification", {
      cause: error,
      retryAfterSeconds: 3,
    });
  }
  if (!verified.isValid) {
    await claims.release(claim);
    const detail = verified.invalidMessage ?? verified.invalidReason ?? "rejected by the facilitator";
    throw await refuse(`Payment invalid: ${detail}`);
  }
  return { rail, resource, payload, requirements: matched, claim, payer: verified.payer };
}
