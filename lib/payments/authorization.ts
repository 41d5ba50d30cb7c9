/**
 * Authorizing a payment: it must be x402 v2, match the offer, be well formed,
 * name the resource it pays for (see `binding.ts`), not be claimed by another
 * request, and pass the facilitator's verification: here, or, for an
 * operation that opts in on a rail whose settlement verifies in full, in its
 * settlement (`settlement.ts`), which then refuses it the same way. The replay
 * claim taken here is held until the payment is settled or released.
 *
 * @module
 */
import type { x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { VerifyError } from "@x402/core/types";
import { ConflictError, ServiceError, UnavailableError } from "../shared/errors.ts";
import { bindingMismatch } from "./binding.ts";
import { type Claim, type ClaimStore, type KeptAnswer, PENDING_RETRY_SECONDS } from "./claim_store.ts";
import { paymentTicket } from "./payment_identifier.ts";
import type { PaymentOffers, PricedResource } from "./offers.ts";
import { type PaymentRail, throwIfUnavailable } from "./rails.ts";
import { withinTime } from "./within_time.ts";

/**
 * A claimed payment, verified unless its settlement verifies it (see
 * {@linkcode authorizePayment}); its claim is held until it is settled or
 * released.
 */
export interface Authorization {
  readonly rail: PaymentRail;
  readonly resource: PricedResource;
  readonly payload: PaymentPayload;
  readonly requirements: PaymentRequirements;
  readonly claim: Claim;
  /** The paying address, as the facilitator reported it (at verification; unknown until settled if not verified). */
  readonly payer?: string;
  /**
   * `false` when the facilitator has not verified it yet: its settlement
   * verifies it, and a refusal there is the refusal of an invalid payment.
   */
  readonly verified: boolean;
}

/** What authorizing needs. */
export interface AuthorizationParts {
  server: x402ResourceServer;
  offers: PaymentOffers;
  claims: ClaimStore;
  /** How long the facilitator may take to verify. */
  timeoutMs: number;
  /** Resolves a payment still settling from its chain, if it can; `true` once it is no longer settling. */
  resolvePending?: (paymentId: string) => Promise<boolean>;
}

/**
 * Verifies `payload` for `resource` (requested with `method`, over HTTP) and
 * claims it (only claims it, unverified, for a resource that opts into
 * verification by its settlement on a rail whose settlement verifies in full:
 * its handler then runs before the facilitator has seen the payment); or, for a resend of a settled payment whose answer is kept (see
 * `claims.ts`), that answer and its settlement. Throws `PaymentRequiredError`
 * with the reason when it cannot pay, {@linkcode ConflictError} for a payment
 * id first used with another payload, or {@linkcode UnavailableError} when
 * the facilitator or the claim store cannot be reached, or the payment's
 * settlement is not known yet.
 */
export async function authorizePayment(
  parts: AuthorizationParts,
  rail: PaymentRail,
  resource: PricedResource,
  payload: PaymentPayload,
  method?: string,
): Promise<Authorization | KeptAnswer> {
  const { server, offers } = parts;
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
  const claim = await claimPayment(parts, rail, paymentId, payload, refuse);
  if ("answer" in claim) return claim;
  const payment = { rail, resource, payload, requirements: matched };
  // The settlement verifies in full before it sends anything: one round trip to the facilitator, not two.
  if (resource.verifyInSettlement && rail.verifiesInSettlement) return { ...payment, claim, verified: false };
  return await verifyClaimed(parts, claim, payment, refuse);
}

/** Claims the payment, or says why it cannot buy now (see {@linkcode authorizePayment}). */
async function claimPayment(
  parts: AuthorizationParts,
  rail: PaymentRail,
  paymentId: string,
  payload: PaymentPayload,
  refuse: (reason: string) => Promise<Error>,
): Promise<Claim | KeptAnswer> {
  const ticket = await paymentTicket(payload);
  const scoped = ticket && { ...ticket, scope: rail.network };
  let claim = await parts.claims.claim(paymentId, scoped);
  // A payment whose settlement outcome was lost: the chain may tell by now, and then it buys or is answered.
  if (claim === "settling" && await parts.resolvePending?.(paymentId).catch(() => false)) {
    claim = await parts.claims.claim(paymentId, scoped);
  }
  if (typeof claim === "object") return claim;
  if (claim === "conflict") {
    throw new ConflictError(
      "Payment identifier already used with another payment: a resend must carry the same payment as the " +
        "first request with that id; use a new id for a new payment",
    );
  }
  if (claim === "settling") {
    throw new UnavailableError(
      "Payment settlement not confirmed yet: an earlier request sent this payment for settlement and its " +
        `outcome is not known; send it again in ${PENDING_RETRY_SECONDS} s or later`,
      { retryAfterSeconds: PENDING_RETRY_SECONDS },
    );
  }
  if (claim === "in_flight" && ticket) {
    throw new ConflictError("Payment in use: the first request with this payment id is still being served", {
      retryAfterSeconds: 1,
    });
  }
  if (claim === "settled") throw await refuse("Payment already used: it bought an earlier response");
  throw await refuse("Payment in use: another request is being served with it");
}

/** Verifies a claimed payment with the facilitator; its claim is released when it fails. */
async function verifyClaimed(
  parts: AuthorizationParts,
  claim: Claim,
  payment: Omit<Authorization, "claim" | "payer" | "verified">,
  refuse: (reason: string) => Promise<Error>,
): Promise<Authorization> {
  const { server, claims } = parts;
  const { payload, requirements } = payment;
  let verified;
  try {
    verified = await withinTime(server.verifyPayment(payload, requirements), parts.timeoutMs, "verification");
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
  return { ...payment, claim, payer: verified.payer, verified: true };
}
