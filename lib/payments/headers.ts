/**
 * x402 v2 HTTP header encoding: standard base64 of the UTF-8 JSON. Byte for
 * byte what `@x402/core` produces and decodes, at native speed (the 402
 * challenge is the hottest path of a paid API, and every paid answer carries
 * a `PAYMENT-RESPONSE`).
 *
 * @module
 */
import type { PaymentPayload, PaymentRequired, SettleResponse } from "@x402/core/types";

/** The `PAYMENT-REQUIRED` header value. */
export function encodePaymentRequired(required: PaymentRequired): string {
  return base64OfUtf8(JSON.stringify(required));
}

/** The `PAYMENT-RESPONSE` header value. */
export function encodePaymentResponse(settlement: SettleResponse): string {
  return base64OfUtf8(JSON.stringify(settlement));
}

/** A character outside ASCII in a string (its UTF-8 bytes are then not its characters' codes). */
const BEYOND_ASCII = /[\u0080-\uffff]/;

/**
 * Standard base64 of `text`'s UTF-8 bytes. JSON of a settlement or an offer
 * is ASCII (addresses, signatures, URLs), whose UTF-8 bytes are its
 * characters' codes: `btoa` encodes it natively in one step, where the
 * `Buffer` of `node:buffer` took about 30 µs of a paid request in place (its
 * pool, its length and write steps, each a JavaScript layer of the runtime).
 * Other text is encoded to UTF-8 first.
 */
function base64OfUtf8(text: string): string {
  if (!BEYOND_ASCII.test(text)) return btoa(text);
  return new TextEncoder().encode(text).toBase64();
}

/** Standard base64, as `@x402/core` requires of a header: no whitespace, padding only at the end. */
const STRICT_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** A character outside ASCII in a binary string (a byte of a multi-byte UTF-8 sequence). */
const NON_ASCII = /[\u0080-\u00ff]/;

/**
 * The payment payload a `PAYMENT-SIGNATURE` header carries: what
 * `@x402/core`'s `decodePaymentSignatureHeader` returns, refusing what it
 * refuses, in a third of its time. A header is mostly ASCII (base64 and
 * base58 strings, URLs), so its decoded bytes are parsed as they are; only
 * one holding other characters is decoded as UTF-8 first (the core library
 * copies every byte into an array and decodes it, 2–4 KB a paid call).
 *
 * @throws {Error} when the value is not strict base64 of JSON
 */
export function decodePaymentSignature(header: string): PaymentPayload {
  if (!STRICT_BASE64.test(header)) throw new Error("Invalid payment signature header");
  const binary = atob(header);
  if (!NON_ASCII.test(binary)) return JSON.parse(binary);
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
}
