import assert from "node:assert/strict";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from "@x402/core/http";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { encodePaymentRequired, encodePaymentResponse } from "../../../lib/payments/headers.ts";

const required: PaymentRequired = {
  x402Version: 2,
  error: "Payment required: this request costs $0.002 — in USDC «on» Solana",
  resource: {
    url: "https://api.example.com/v1/fees/priority?account=é",
    description: "Priority fees",
    mimeType: "application/json",
  },
  accepts: [{
    scheme: "exact",
    network: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
    asset: "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU",
    amount: "2000",
    payTo: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
    maxTimeoutSeconds: 60,
    extra: { feePayer: "EwWqGE4ZFKLofuestmU4LDdK7XM1N4ALgdZccwYugwGd" },
  }],
};

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
