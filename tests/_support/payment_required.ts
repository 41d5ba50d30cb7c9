/**
 * A Solana `PaymentRequired` for tests of the 402's encoding: its error text
 * and resource URL carry characters outside ASCII, as real ones may.
 *
 * @module
 */
import type { PaymentRequired } from "@x402/core/types";

/** A 402 requirement for a $0.002 fee call on Solana devnet, with `overrides` on top. */
export function solanaPaymentRequired(overrides: Partial<PaymentRequired> = {}): PaymentRequired {
  return {
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
    ...overrides,
  };
}
