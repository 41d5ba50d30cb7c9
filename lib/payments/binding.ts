/**
 * A payment buys what it was offered for, not merely something at the same
 * price: the resource its payload names must be the one requested (and, when
 * the payload carries the offer's discovery info, by the same method), and an
 * authorization may not stay valid longer than the offer's
 * `maxTimeoutSeconds`.
 *
 * The resource a payload names is not covered by the buyer's signature (x402
 * v2 signs only the transfer), so this check keeps honest clients from
 * spending a payment on something they did not choose; what stops a payment
 * from buying twice is the replay claim.
 *
 * @module
 */
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import type { PaymentRail } from "./rails.ts";

/** Seconds a buyer's clock may run ahead of ours when it sets an authorization's expiry. */
export const CLOCK_SKEW_SECONDS = 30;

/** What a request asks for: the resource's URL and, over HTTP, the method. */
export interface RequestedResource {
  url: string;
  method?: string;
}

/**
 * Why `payload` cannot pay for `requested` under `offer`, or `undefined`
 * when it can. `nowSeconds` is the current Unix time.
 */
export function bindingMismatch(
  rail: PaymentRail,
  payload: PaymentPayload,
  requested: RequestedResource,
  offer: PaymentRequirements,
  nowSeconds: number,
): string | undefined {
  const named = (payload.resource as { url?: unknown } | undefined)?.url;
  if (typeof named !== "string") {
    return `Payment names no resource: "resource.url" must be "${requested.url}", the resource it was offered for`;
  }
  if (named !== requested.url) {
    return `Payment is for another resource: it names "${named}", this request is "${requested.url}"`;
  }
  const method = offeredMethod(payload);
  if (requested.method && method !== undefined && method.toUpperCase() !== requested.method.toUpperCase()) {
    return `Payment is for another method: it was offered for ${method} ${named}, this request is ` +
      `${requested.method}`;
  }
  const window = rail.validityWindow?.(payload);
  if (window) {
    const start = window.validAfter > BigInt(nowSeconds) ? window.validAfter : BigInt(nowSeconds);
    const longest = BigInt(offer.maxTimeoutSeconds + CLOCK_SKEW_SECONDS);
    if (window.validBefore - start > longest) {
      return `Payment authorization valid too long: it expires ${window.validBefore - start} s from now, ` +
        `the offer allows ${offer.maxTimeoutSeconds} s (maxTimeoutSeconds)`;
    }
  }
  return undefined;
}

/** The method the offer's discovery info (echoed by x402 clients in `extensions`) names, if any. */
function offeredMethod(payload: PaymentPayload): string | undefined {
  const bazaar = payload.extensions?.bazaar as { info?: { input?: { method?: unknown } } } | undefined;
  const method = bazaar?.info?.input?.method;
  return typeof method === "string" ? method : undefined;
}
