/**
 * The payment error: carries the x402 `PaymentRequired` object that tells a
 * buyer what to pay and, after a failed settlement, the settlement response.
 *
 * @module
 */
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { ServiceError } from "../shared/errors.ts";

/** A payment is missing, invalid, already used, or failed to settle (HTTP 402). */
export class PaymentRequiredError extends ServiceError {
  /** What the buyer must pay, with the reason in its `error` field. */
  readonly paymentRequired: PaymentRequired;
  /** The failed settlement, when settlement was attempted. */
  readonly settlement?: SettleResponse;

  constructor(message: string, paymentRequired: PaymentRequired, settlement?: SettleResponse) {
    super("payment_required", message);
    this.name = "PaymentRequiredError";
    this.paymentRequired = paymentRequired;
    if (settlement) this.settlement = settlement;
  }
}
