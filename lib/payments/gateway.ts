/**
 * The payment gateway: one mechanism, whatever the transport (HTTP headers or
 * MCP `_meta`) and whatever the rail (Solana or EVM). It builds requirements
 * from a price (`offers.ts`), verifies a payment through the facilitator and
 * holds the replay claim while the work runs (`authorization.ts`), and
 * settles only what succeeded (`settlement.ts`).
 *
 * Fail closed: when the facilitator cannot be reached, every paid call is
 * refused with a 503; nothing is ever served for free.
 *
 * @module
 */
import { x402ResourceServer } from "@x402/core/server";
import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequired, PaymentRequirements, SettleResponse } from "@x402/core/types";
import { type Authorization, type AuthorizationParts, authorizePayment } from "./authorization.ts";
import type { ClaimStore, KeptAnswer } from "./claim_store.ts";
import { PaymentOffers, type PricedResource } from "./offers.ts";
import { type PaymentRail, throwIfUnavailable } from "./rails.ts";
import { tracedRelease, tracedSettlement, tracedVerification } from "./payment_telemetry.ts";
import { FacilitatorReadiness, type ReadinessChange, type ReadinessTiming } from "./readiness.ts";
import { type SettlementEvent, Settlements } from "./settlement.ts";
import { type PaidOutcome, type PaidWork, type SettlementSteps, settleOrRelease } from "./paid_work.ts";
import { Reconciler, type SettlementChain } from "./reconciliation.ts";

export type {
  Authorization,
  KeptAnswer,
  PaidOutcome,
  PaidWork,
  PricedResource,
  ReadinessChange,
  SettlementEvent,
};

/** How long the facilitator may take to answer a verification or a settlement unless configured, in ms. */
export const FACILITATOR_TIMEOUT_MS = 20_000;

/** Options for {@linkcode PaymentGateway}. */
export interface PaymentGatewayOptions {
  /** Verifies and settles payments. */
  facilitator: FacilitatorClient;
  /** The rails prices can be paid on. */
  rails: PaymentRail[];
  /** Replay claims. */
  claims: ClaimStore;
  /** Minimum pause between attempts to reach an unreachable facilitator (default 2 s). */
  retryInitMs?: number;
  /** Time budget of one attempt to reach the facilitator, and the longest pause between attempts. */
  readiness?: ReadinessTiming;
  /** Receives one event per settlement attempt. */
  onSettlement?: (event: SettlementEvent) => void;
  /**
   * How long the facilitator may take to answer a verification or a
   * settlement (default 20 s): past it the verification is a 503 and the
   * settlement is "unconfirmed", so a silent facilitator never holds a client
   * longer than this.
   */
  facilitatorTimeoutMs?: number;
  /** How to ask each network's chain about a settlement whose outcome was lost (see `reconciliation.ts`). */
  chains?: ReadonlyMap<string, SettlementChain>;
  /** Whether the claim store outlives the process, so that it is swept for pending settlements at start. */
  durableClaims?: boolean;
}

/** Verifies, claims and settles x402 payments for priced resources. */
export class PaymentGateway {
  readonly #readiness: FacilitatorReadiness;
  readonly #offers: PaymentOffers;
  readonly #authorizing: AuthorizationParts;
  readonly #settlements: Settlements;
  readonly #tracedSettlements: SettlementSteps;
  /** Resolves settlements whose outcome was lost, from the chain. */
  readonly reconciler: Reconciler;

  constructor(options: PaymentGatewayOptions) {
    const server = new x402ResourceServer(options.facilitator);
    this.#readiness = new FacilitatorReadiness(
      server,
      options.rails,
      options.retryInitMs ?? 2_000,
      options.readiness,
    );
    this.#offers = new PaymentOffers(server, () => this.ready());
    const timeoutMs = options.facilitatorTimeoutMs ?? FACILITATOR_TIMEOUT_MS;
    const onSettlement = options.onSettlement ?? (() => {});
    this.reconciler = new Reconciler({
      claims: options.claims,
      chains: options.chains ?? new Map(),
      onSettlement,
      // A request still waiting for the facilitator resolves its own settlement.
      graceMs: timeoutMs + 5_000,
      openToSweep: options.durableClaims ?? false,
    });
    this.#authorizing = {
      server,
      offers: this.#offers,
      claims: options.claims,
      timeoutMs,
      resolvePending: (paymentId) => this.reconciler.resolve(paymentId),
    };
    this.#settlements = new Settlements({ ...this.#authorizing, onSettlement });
    const settlements = this.#settlements;
    // Every settlement and release of paid work, as telemetry (spans, payment counters, revenue).
    this.#tracedSettlements = {
      release: (authorization) => tracedRelease(authorization, () => settlements.release(authorization)),
      settleIfPresent: (authorization, presence, answer) =>
        tracedSettlement(authorization, () => settlements.settleIfPresent(authorization, presence, answer)),
    };
  }

  /** Whether the facilitator has been reached, and the last error if not. */
  get status(): { ready: boolean; error?: string } {
    return this.#readiness.status;
  }

  /** Reaches the facilitator once; throws `UnavailableError` while it cannot be reached. */
  ready(): Promise<void> {
    return this.#readiness.ready();
  }

  /** Keeps trying to reach the facilitator in the background until it answers (see `FacilitatorReadiness.start`). */
  startReadiness(onChange?: (change: ReadinessChange) => void): void {
    this.#readiness.start(onChange);
  }

  /** Stops the background attempts. */
  stopReadiness(): void {
    this.#readiness.stop();
  }

  /** The requirements a buyer must meet for `resource` on `rail` (cached per price). */
  requirements(rail: PaymentRail, resource: PricedResource): Promise<PaymentRequirements[]> {
    return this.#offers.requirements(rail, resource);
  }

  /** The x402 `PaymentRequired` object for `resource`, with an optional reason. */
  paymentRequired(rail: PaymentRail, resource: PricedResource, reason?: string): Promise<PaymentRequired> {
    return this.#offers.paymentRequired(rail, resource, reason);
  }

  /** The challenge for an unpaid request, built once per rail and resource (see `PaymentOffers.challenge`). */
  async challenge(rail: PaymentRail, resource: PricedResource): Promise<PaymentRequired> {
    throwIfUnavailable(rail);
    return await this.#offers.challenge(rail, resource);
  }

  /**
   * Verifies `payload` for `resource` (requested with `method`, over HTTP)
   * and claims it; for a resend of a settled payment whose answer is kept,
   * resolves that answer instead (see `claims.ts`). The payment must name the
   * resource it pays for and stay valid no longer than the offer allows (see
   * `binding.ts`). Throws `PaymentRequiredError` with the reason when it
   * cannot pay, `ConflictError` for a payment id first used with another
   * payload, or `UnavailableError` when the facilitator or the claim store
   * cannot be reached or the payment's settlement is not known yet.
   */
  authorize(
    rail: PaymentRail,
    resource: PricedResource,
    payload: PaymentPayload,
    method?: string,
  ): Promise<Authorization | KeptAnswer> {
    return tracedVerification(
      rail,
      resource,
      () => authorizePayment(this.#authorizing, rail, resource, payload, method),
    );
  }

  /**
   * Settles an authorized payment after its work succeeded. Throws
   * `PaymentRequiredError` (carrying the settlement response) when
   * settlement fails, so the work's output must not be served.
   */
  async settle(authorization: Authorization): Promise<SettleResponse> {
    return (await tracedSettlement(authorization, () => this.#settlements.settle(authorization)))!;
  }

  /**
   * Runs paid `work` behind `authorization`, then settles its payment for a
   * success its buyer is still there to receive, or releases it (see
   * `paid_work.ts`). The one money step both transports take.
   */
  settleOrRelease<T>(authorization: Authorization | KeptAnswer, work: PaidWork<T>): Promise<PaidOutcome<T>> {
    return settleOrRelease(
      this.#tracedSettlements,
      authorization,
      work,
      this.#authorizing.claims.answerMaxBytes,
    );
  }

  /** Reports a settled answer that could not be handed over, for the settlement log. */
  undelivered(authorization: Authorization, settlement: SettleResponse, reason: string): void {
    this.#settlements.undelivered(authorization, settlement, reason);
  }

  /** Gives an authorized payment back unspent (its work failed). */
  release(authorization: Authorization): Promise<void> {
    return tracedRelease(authorization, () => this.#settlements.release(authorization));
  }
}
