/**
 * Where x402 travels in an MCP call: the `_meta` keys the x402 MCP transport
 * prescribes. The server's tools and the paying client read and write the
 * same keys, so they are named once, on the payments side both depend on.
 *
 * @module
 */

/** `_meta` key of the payment payload a client attaches to `tools/call`. */
export const PAYMENT_META_KEY = "x402/payment";
/** `_meta` key of the settlement response on a result. */
export const PAYMENT_RESPONSE_META_KEY = "x402/payment-response";
