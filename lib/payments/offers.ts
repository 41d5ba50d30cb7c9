/**
 * What the gateway offers for a priced resource: the x402 requirements built
 * from its price on a rail (once per rail and price), the `PaymentRequired`
 * answer with a reason, and the challenge an unpaid request gets (built once
 * per rail and resource, only its URL varying).
 *
 * @module
 */
import type { x402ResourceServer } from "@x402/core/server";
import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { PaymentRequiredError } from "./errors.ts";
import type { PaymentRail } from "./rails.ts";
import { PAYMENT_IDENTIFIER, PAYMENT_IDENTIFIER_DECLARATION } from "./payment_identifier.ts";

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
  /** The operation sold (its id), for telemetry. */
  operation?: string;
  /** x402 extensions to advertise (e.g. Bazaar discovery info). */
  extensions?: Record<string, unknown>;
  /**
   * Whether a payment for it is verified by its settlement alone, after the
   * work, on a rail whose settlement verifies (see `authorization.ts`).
   */
  verifyInSettlement?: true;
}

/** Builds and caches requirements and challenges for priced resources. */
export class PaymentOffers {
  readonly #server: x402ResourceServer;
  readonly #ready: () => Promise<void>;
  readonly #requirements = new Map<string, Promise<PaymentRequirements[]>>();
  /** Per network, the rail's scheme once loaded and registered (see {@linkcode PaymentRail.loadScheme}). */
  readonly #schemes = new Map<string, Promise<void>>();
  /** Challenges per extensions object (one per operation and transport), then per rail and price. */
  readonly #challenges = new WeakMap<object, Map<string, Promise<PaymentRequired>>>();
  readonly #noExtensions = {};

  /** `ready` resolves once the facilitator has been reached (requirements need its supported kinds). */
  constructor(server: x402ResourceServer, ready: () => Promise<void>) {
    this.#server = server;
    this.#ready = ready;
  }

  /** The requirements a buyer must meet for `resource` on `rail` (cached per price). */
  async requirements(rail: PaymentRail, resource: PricedResource): Promise<PaymentRequirements[]> {
    await this.#ready();
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
    return withFreshExtra(rail, await this.#paymentRequiredAsBuilt(rail, resource, reason));
  }

  /** {@linkcode paymentRequired} without the rail's fresh fields (see `PaymentRail.freshExtra`). */
  async #paymentRequiredAsBuilt(
    rail: PaymentRail,
    resource: PricedResource,
    reason?: string,
  ): Promise<PaymentRequired> {
    const requirements = await this.requirements(rail, resource);
    return await this.#server.createPaymentRequiredResponse(
      requirements,
      { url: resource.url, description: resource.description, mimeType: resource.mimeType },
      reason,
      // Every offer welcomes a payment id: a resend with it gets the answer bought back (`claims.ts`).
      { ...resource.extensions, [PAYMENT_IDENTIFIER]: PAYMENT_IDENTIFIER_DECLARATION },
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
    const owner = resource.extensions ?? this.#noExtensions;
    let byRail = this.#challenges.get(owner);
    if (!byRail) this.#challenges.set(owner, byRail = new Map());
    const key = `${rail.network} ${resource.price} ${resource.description} ${resource.mimeType}`;
    let cached = byRail.get(key);
    if (!cached) {
      const reason = `Payment required: this request costs ${resource.price} in USDC on ${rail.label}`;
      cached = this.#paymentRequiredAsBuilt(rail, resource, reason);
      byRail.set(key, cached);
      cached.catch(() => byRail.delete(key));
    }
    const required = await cached;
    return { ...withFreshExtra(rail, required), resource: { ...required.resource, url: resource.url } };
  }

  /** The 402 refusing a payment for `resource`, saying why. */
  async refusal(rail: PaymentRail, resource: PricedResource, reason: string): Promise<PaymentRequiredError> {
    return new PaymentRequiredError(reason, await this.paymentRequired(rail, resource, reason));
  }
}

/** `required` with the rail's fresh fields (see `PaymentRail.freshExtra`) in the `extra` of its offers on that rail. */
function withFreshExtra(rail: PaymentRail, required: PaymentRequired): PaymentRequired {
  const fresh = rail.freshExtra?.();
  if (!fresh) return required;
  return {
    ...required,
    accepts: required.accepts.map((offer) =>
      offer.network === rail.network ? { ...offer, extra: { ...offer.extra, ...fresh } } : offer
    ),
  };
}
