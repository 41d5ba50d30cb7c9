/**
 * The payment gateway: one mechanism, whatever the transport (HTTP headers or
 * MCP `_meta`) and whatever the rail (Solana or EVM). It builds requirements
 * from a price, verifies a payment through the facilitator, holds the replay
 * claim while the work runs, and settles only what succeeded.
 *
 * Fail closed: when the facilitator cannot be reached, every paid call is
 * refused with a 503; nothing is ever served for free.
 *
 * @module
 */
import { x402ResourceServer } from "@x402/core/server";
import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequired, PaymentRequirements, SettleResponse } from "@x402/core/types";
import { SettleError, VerifyError } from "@x402/core/types";
import { ServiceError, UnavailableError } from "../errors.ts";
import type { Claim, ClaimStore } from "./claims.ts";
import { PaymentRequiredError } from "./errors.ts";
import { bindingMismatch } from "./binding.ts";
import type { ClientPresence } from "./presence.ts";
import type { PaymentRail } from "./rails.ts";
import { FacilitatorReadiness } from "./readiness.ts";

/** What is being sold: one operation on one rail. */
export interface PricedResource {
  /** The resource's URL (HTTP URL, or `mcp://tool/<name>`). */
  url: string;
  /** What the buyer gets. */
  description: string;
  /** Media type of the response. */
  mimeType: string;
  /** Price in USD, e.g. `"$0.004"`. */
  price: `$${string}`;
  /** x402 extensions to advertise (e.g. Bazaar discovery info). */
  extensions?: Record<string, unknown>;
}

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

/** A settlement event, for the settlement log. */
export interface SettlementEvent {
  resource: string;
  network: string;
  amount: string;
  payer?: string;
  transaction?: string;
  success: boolean;
  /** False for a settled answer that could not be handed over. */
  delivered?: false;
  reason?: string;
}

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
  /** Receives one event per settlement attempt. */
  onSettlement?: (event: SettlementEvent) => void;
  /**
   * How long the facilitator may take to answer a verification or a
   * settlement (default 20 s): past it the verification is a 503 and the
   * settlement is "unconfirmed", so a silent facilitator never holds a client
   * longer than this.
   */
  facilitatorTimeoutMs?: number;
}

/** Verifies, claims and settles x402 payments for priced resources. */
export class PaymentGateway {
  readonly #server: x402ResourceServer;
  readonly #claims: ClaimStore;
  readonly #onSettlement: (event: SettlementEvent) => void;
  readonly #requirements = new Map<string, Promise<PaymentRequirements[]>>();
  /** Per network, the rail's scheme once loaded and registered (see {@linkcode PaymentRail.loadScheme}). */
  readonly #schemes = new Map<string, Promise<void>>();
  /** Challenges per extensions object (one per operation and transport), then per rail and price. */
  readonly #challenges = new WeakMap<object, Map<string, Promise<PaymentRequired>>>();
  readonly #noExtensions = {};
  readonly #readiness: FacilitatorReadiness;
  readonly #timeoutMs: number;

  constructor(options: PaymentGatewayOptions) {
    this.#server = new x402ResourceServer(options.facilitator);
    this.#readiness = new FacilitatorReadiness(this.#server, options.rails, options.retryInitMs ?? 2_000);
    this.#claims = options.claims;
    this.#onSettlement = options.onSettlement ?? (() => {});
    this.#timeoutMs = options.facilitatorTimeoutMs ?? 20_000;
  }

  /** Whether the facilitator has been reached, and the last error if not. */
  get status(): { ready: boolean; error?: string } {
    return this.#readiness.status;
  }

  /** Reaches the facilitator once; throws {@linkcode UnavailableError} while it cannot be reached. */
  ready(): Promise<void> {
    return this.#readiness.ready();
  }

  /** The requirements a buyer must meet for `resource` on `rail` (cached per price). */
  async requirements(rail: PaymentRail, resource: PricedResource): Promise<PaymentRequirements[]> {
    await this.ready();
    const key = `${rail.network} ${resource.price}`;
    let cached = this.#requirements.get(key);
    if (!cached) {
      cached = this.#scheme(rail).then(() =>
        this.#server.buildPaymentRequirements({
          scheme: "exact",
          network: rail.network,
          payTo: rail.payTo,
          price: resource.price,
          maxTimeoutSeconds: rail.maxTimeoutSeconds,
        })
      );
      this.#requirements.set(key, cached);
      cached.catch(() => this.#requirements.delete(key));
    }
    return await cached;
  }

  /**
   * Registers `rail`'s scheme with the resource server on the rail's first
   * priced request: every verification and settlement goes through
   * {@linkcode requirements} first, so the scheme is there when they need it.
   */
  #scheme(rail: PaymentRail): Promise<void> {
    let registered = this.#schemes.get(rail.network);
    if (!registered) {
      registered = rail.loadScheme().then((scheme) => void this.#server.register(rail.network, scheme));
      this.#schemes.set(rail.network, registered);
      registered.catch(() => this.#schemes.delete(rail.network));
    }
    return registered;
  }

  /** The x402 `PaymentRequired` object for `resource`, with an optional reason. */
  async paymentRequired(
    rail: PaymentRail,
    resource: PricedResource,
    reason?: string,
  ): Promise<PaymentRequired> {
    const requirements = await this.requirements(rail, resource);
    return await this.#server.createPaymentRequiredResponse(
      requirements,
      { url: resource.url, description: resource.description, mimeType: resource.mimeType },
      reason,
      resource.extensions,
    );
  }

  /**
   * The challenge for an unpaid request: the same as {@linkcode paymentRequired}
   * with a fixed reason, built once per rail and resource (only its URL varies).
   * Resources are told apart by their extensions object, which each transport
   * builds once per operation, so an MCP tool and an HTTP route of the same
   * operation each advertise their own discovery info.
   */
  async challenge(rail: PaymentRail, resource: PricedResource): Promise<PaymentRequired> {
    throwIfUnavailable(rail);
    const owner = resource.extensions ?? this.#noExtensions;
    let byRail = this.#challenges.get(owner);
    if (!byRail) this.#challenges.set(owner, byRail = new Map());
    const key = `${rail.network} ${resource.price} ${resource.description} ${resource.mimeType}`;
    let cached = byRail.get(key);
    if (!cached) {
      const reason = `Payment required: this request costs ${resource.price} in USDC on ${rail.label}`;
      cached = this.paymentRequired(rail, resource, reason);
      byRail.set(key, cached);
      cached.catch(() => byRail.delete(key));
    }
    const required = await cached;
    return { ...required, resource: { ...required.resource, url: resource.url } };
  }

  async #refuse(rail: PaymentRail, resource: PricedResource, reason: string): Promise<PaymentRequiredError> {
    return new PaymentRequiredError(reason, await this.paymentRequired(rail, resource, reason));
  }

  /**
   * Verifies `payload` for `resource` (requested with `method`, over HTTP)
   * and claims it. The payment must name the resource it pays for and stay
   * valid no longer than the offer allows (see `binding.ts`). Throws
   * {@linkcode PaymentRequiredError} with the reason when it cannot pay, or
   * {@linkcode UnavailableError} when the facilitator cannot be reached.
   */
  async authorize(
    rail: PaymentRail,
    resource: PricedResource,
    payload: PaymentPayload,
    method?: string,
  ): Promise<Authorization> {
    throwIfUnavailable(rail);
    const requirements = await this.requirements(rail, resource);
    if (payload?.x402Version !== 2) {
      throw await this.#refuse(rail, resource, `Unsupported x402 version "${payload?.x402Version}": use 2`);
    }
    const matched = this.#server.findMatchingRequirements(requirements, payload);
    if (!matched) {
      const offered = payload.accepted?.network;
      const reason = offered && offered !== rail.network
        ? `Wrong network: this resource is paid on ${rail.label} ("${rail.network}"), the payment is for "${offered}"`
        : "Payment does not match the requirements: check scheme, asset, amount and payTo";
      throw await this.#refuse(rail, resource, reason);
    }
    const shape = rail.payloadShape.safeParse(payload.payload);
    if (!shape.success) {
      const [issue] = shape.error.issues;
      const field = ["payload", ...(issue?.path ?? [])].join(".");
      throw await this.#refuse(
        rail,
        resource,
        `Malformed payment: "${field}": ${issue?.message ?? "invalid"}`,
      );
    }
    const now = Math.floor(Date.now() / 1000);
    const mismatch = bindingMismatch(rail, payload, { url: resource.url, method }, matched, now);
    if (mismatch) throw await this.#refuse(rail, resource, mismatch);
    let paymentId: string;
    try {
      paymentId = await rail.paymentId(payload);
    } catch (error) {
      throw await this.#refuse(rail, resource, `Malformed payment: ${(error as Error).message}`);
    }
    const claim = await this.#claims.claim(paymentId);
    if (claim === "settled") {
      throw await this.#refuse(rail, resource, "Payment already used: it bought an earlier response");
    }
    if (claim === "in_flight") {
      throw await this.#refuse(rail, resource, "Payment in use: another request is being served with it");
    }
    if (claim === "unconfirmed") {
      throw await this.#refuse(
        rail,
        resource,
        "Payment settlement unconfirmed: an earlier request sent it for settlement and no answer came; it may " +
          "have been charged, so it buys nothing more: make a new payment",
      );
    }
    let verified;
    try {
      verified = await withinTime(
        this.#server.verifyPayment(payload, matched),
        this.#timeoutMs,
        "verification",
      );
    } catch (error) {
      await this.#claims.release(claim);
      if (error instanceof ServiceError) throw error;
      if (error instanceof VerifyError) {
        // An HTTP facilitator that answers a refusal with a 4xx status: it did answer, and said no.
        const detail = error.invalidMessage ?? error.invalidReason ?? "rejected by the facilitator";
        throw await this.#refuse(rail, resource, `Payment invalid: ${detail}`);
      }
      throw new UnavailableError("Payment facilitator did not answer the verification", {
        cause: error,
        retryAfterSeconds: 3,
      });
    }
    if (!verified.isValid) {
      await this.#claims.release(claim);
      const detail = verified.invalidMessage ?? verified.invalidReason ?? "rejected by the facilitator";
      throw await this.#refuse(rail, resource, `Payment invalid: ${detail}`);
    }
    return { rail, resource, payload, requirements: matched, claim, payer: verified.payer };
  }

  /**
   * Settles an authorized payment after its work succeeded. Throws
   * {@linkcode PaymentRequiredError} (carrying the settlement response) when
   * settlement fails, so the work's output must not be served.
   */
  async settle(authorization: Authorization): Promise<SettleResponse> {
    const { rail, resource, payload, requirements, claim } = authorization;
    const event = { resource: resource.url, network: rail.network, amount: requirements.amount };
    const down = rail.unavailable?.();
    if (down) {
      // Nothing was sent for settlement: the payment is untouched and stays usable.
      await this.#claims.release(claim);
      throw down;
    }
    let result: SettleResponse;
    try {
      result = await withinTime(
        this.#server.settlePayment(payload, requirements),
        this.#timeoutMs,
        "settlement",
      );
    } catch (error) {
      if (error instanceof SettleError) {
        return await this.#settlementFailed(authorization, refusedSettlement(error));
      }
      // The outcome is unknown: the payment may be spent, so it must not buy a second try through us.
      await this.#claims.unconfirmed(claim);
      this.#onSettlement({ ...event, payer: authorization.payer, success: false, reason: String(error) });
      throw new UnavailableError(
        "Payment settlement could not be confirmed: the facilitator did not answer, so no output is served; " +
          "the payment may have been charged and is not accepted again: retry with a new payment",
        {
          cause: error,
          retryAfterSeconds: 5,
        },
      );
    }
    if (!result.success) return await this.#settlementFailed(authorization, result);
    await this.#claims.settle(claim, result.transaction);
    this.#onSettlement({
      ...event,
      payer: result.payer ?? authorization.payer,
      transaction: result.transaction,
      success: true,
    });
    return result;
  }

  /** A settlement the facilitator refused: the claim is freed and the output replaced by a 402. */
  async #settlementFailed(authorization: Authorization, result: SettleResponse): Promise<never> {
    const { rail, resource, requirements, claim } = authorization;
    await this.#claims.release(claim);
    const reason = result.errorMessage ?? result.errorReason ?? "settlement failed";
    this.#onSettlement({
      resource: resource.url,
      network: rail.network,
      amount: requirements.amount,
      payer: result.payer ?? authorization.payer,
      success: false,
      reason,
    });
    const required = await this.paymentRequired(rail, resource, `Settlement failed: ${reason}`);
    throw new PaymentRequiredError(`Settlement failed: ${reason}`, required, result);
  }

  /**
   * Settles an authorized payment unless its buyer is gone by now: asked
   * right before settlement, a client that hung up gets its claim released
   * (resolves `undefined`) and is charged nothing. What remains is the short
   * window between this question and the answer's first bytes on the wire:
   * a buyer who hangs up during settlement itself is charged for an answer it
   * does not read. The question is asked again once settled, and such a
   * charge is reported to the settlement log (see {@linkcode undelivered}).
   */
  async settleIfPresent(
    authorization: Authorization,
    presence: ClientPresence,
  ): Promise<SettleResponse | undefined> {
    if (await presence.gone()) {
      await this.release(authorization);
      return undefined;
    }
    const settlement = await this.settle(authorization);
    if (await presence.gone()) {
      this.undelivered(authorization, settlement, "the client left during settlement");
    }
    return settlement;
  }

  /** Reports a settled answer that could not be handed over, for the settlement log. */
  undelivered(authorization: Authorization, settlement: SettleResponse, reason: string): void {
    this.#onSettlement({
      resource: authorization.resource.url,
      network: authorization.rail.network,
      amount: authorization.requirements.amount,
      payer: settlement.payer ?? authorization.payer,
      transaction: settlement.transaction,
      success: true,
      delivered: false,
      reason,
    });
  }

  /** Gives an authorized payment back unspent (its work failed). */
  async release(authorization: Authorization): Promise<void> {
    await this.#claims.release(authorization.claim);
  }
}

/** Throws the rail's reason when it cannot take payments now. */
function throwIfUnavailable(rail: PaymentRail): void {
  const down = rail.unavailable?.();
  if (down) throw down;
}

/** `work`, or a rejection once `ms` have passed without its answer. */
function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the facilitator gave no ${what} answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The settlement response an HTTP facilitator's 4xx refusal stands for. */
function refusedSettlement(error: SettleError): SettleResponse {
  return {
    success: false,
    errorReason: error.errorReason,
    errorMessage: error.errorMessage,
    payer: error.payer,
    transaction: error.transaction ?? "",
    network: error.network,
  } as SettleResponse;
}
