/**
 * x402 v2 HTTP header encoding: standard base64 of the UTF-8 JSON. Byte for
 * byte what `@x402/core` produces and decodes, at native speed (the 402
 * challenge is the hottest path of a paid API).
 *
 * @module
 */
import { Buffer } from "node:buffer";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";

/** The `PAYMENT-REQUIRED` header value. */
export function encodePaymentRequired(required: PaymentRequired): string {
  return Buffer.from(JSON.stringify(required), "utf8").toString("base64");
}

/** The `PAYMENT-RESPONSE` header value. */
export function encodePaymentResponse(settlement: SettleResponse): string {
  return Buffer.from(JSON.stringify(settlement), "utf8").toString("base64");
}
