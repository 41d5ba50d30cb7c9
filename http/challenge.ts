/**
 * The 402 answer over HTTP: the requirement in `PAYMENT-REQUIRED` and, in the
 * JSON body, how to pay it.
 *
 * The unpaid challenge is the hottest answer of a paid API, and all of it but
 * the request id and the time depends only on the resource's URL, so
 * {@linkcode prepareChallenge} builds it once per URL and
 * {@linkcode challengeResponse} only appends the envelope. Its headers too
 * are built once, as a `Headers` object: the runtime checks a header value
 * character by character when it is set, and the requirement is kilobytes
 * long (it carries the Bazaar discovery info); a response made from a
 * `Headers` object copies its entries as they are.
 *
 * @module
 */
import type { PaymentRequired } from "@x402/core/types";
import { envelopedJson } from "../lib/operation/mod.ts";
import { encodePaymentRequired } from "../lib/payments/mod.ts";

/** A 402 answer prepared for one resource URL. */
export interface PreparedChallenge {
  /** The requirement. */
  required: PaymentRequired;
  /** `PAYMENT-REQUIRED`'s value. */
  header: string;
  /** The response's headers: `Content-Type`, `PAYMENT-REQUIRED` and `Cache-Control`. */
  headers: Headers;
  /** The JSON body without its closing brace and envelope fields. */
  bodyStart: string;
}

/** What the 402 body says about paying `required`, `baseUrl` being the service's public base URL. */
export function howToPay(required: PaymentRequired, baseUrl: string) {
  const [offer] = required.accepts;
  return {
    payment: offer
      ? {
        scheme: offer.scheme,
        network: offer.network,
        asset: offer.asset,
        amount: offer.amount,
        payTo: offer.payTo,
        maxTimeoutSeconds: offer.maxTimeoutSeconds,
      }
      : null,
    howToPay:
      "Sign the requirement in the PAYMENT-REQUIRED header (base64 JSON, x402 v2) with an x402 client and send " +
      "the same request again with the PAYMENT-SIGNATURE header; you are charged only when the response succeeds",
    guide: `${baseUrl}/guides/how-to-pay`,
  };
}

/** The 402 answer for `required` with `message` as its error, ready to be sent many times. */
export function prepareChallenge(
  required: PaymentRequired,
  message: string,
  baseUrl: string,
  header: string = encodePaymentRequired(required),
): PreparedChallenge {
  const body = JSON.stringify({ error: message, ...howToPay(required, baseUrl) });
  const headers = new Headers([
    ["content-type", "application/json"],
    ["payment-required", header],
    ["cache-control", "no-store"],
  ]);
  return { required, header, headers, bodyStart: body.slice(0, -1) };
}

/**
 * The 402 response of `prepared` for the request `requestId`: the same bytes
 * as the body `{error, payment, howToPay, guide, requestId, timestamp}` built
 * and serialized for each request. Never cached by anyone (`no-store`): a
 * retry may see another requirement.
 */
export function challengeResponse(prepared: PreparedChallenge, requestId: string): Response {
  return new Response(envelopedJson(prepared.bodyStart, requestId), {
    status: 402,
    headers: prepared.headers,
  });
}
