import assert from "node:assert/strict";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from "@x402/core/http";
import type { SettleResponse } from "@x402/core/types";
import { encodePaymentRequired, encodePaymentResponse } from "../../../lib/payments/headers.ts";
import { solanaPaymentRequired } from "../../_support/payment_required.ts";

const required = solanaPaymentRequired();

Deno.test("encodePaymentRequired() matches @x402/core byte for byte, non-ASCII included", () => {
  const ours = encodePaymentRequired(required);
  assert.equal(ours, encodePaymentRequiredHeader(required));
  assert.deepEqual(decodePaymentRequiredHeader(ours), required);
});

Deno.test("encodePaymentResponse() matches @x402/core byte for byte", () => {
  const settlement: SettleResponse = {
    success: true,
    transaction: "5x".repeat(40),
    network: "eip155:84532",
    payer: "0xabc",
  };
  assert.equal(encodePaymentResponse(settlement), encodePaymentResponseHeader(settlement));
  assert.deepEqual(decodePaymentResponseHeader(encodePaymentResponse(settlement)), settlement);
});
