/**
 * Refusals from an HTTP facilitator that answers a failed verification or
 * settlement with a 4xx status and its `isValid: false` / `success: false`
 * body (which the x402 HTTP client raises as `VerifyError` / `SettleError`).
 * The facilitator is the local chain's real one, over its HTTP API, behind a
 * loopback relay that only changes the status of a refusal.
 */
import assert from "node:assert/strict";
import type { Address } from "@solana/kit";
import type { PaymentPayload } from "@x402/core/types";
import { PaymentRequiredError } from "../../../lib/payments/errors.ts";
import type { PricedResource } from "../../../lib/payments/gateway.ts";
import { fundedBuyer } from "../../_support/service.ts";
import { startRelayedService } from "../../_support/relayed_service.ts";

const resource: PricedResource = {
  url: "http://127.0.0.1/test",
  description: "A test resource",
  mimeType: "application/json",
  price: "$0.002",
};

Deno.test("PaymentGateway refuses with a 402 what an HTTP facilitator rejects with a 4xx, and frees the payment", async (t) => {
  const service = await startRelayedService();
  service.relay.refuseWith4xx(true);
  try {
    const { gateway, rails, local } = service.runtime;
    const rail = rails.solana;
    const payTo = rail.payTo as Address;
    const { client: payer } = await fundedBuyer(service, "1");
    const pay = async () => await payer.createPaymentPayload(await gateway.paymentRequired(rail, resource));

    await t.step("a rejected verification is a 402 with the facilitator's reason", async () => {
      const payment = await pay();
      const transaction = Uint8Array.fromBase64((payment.payload as { transaction: string }).transaction);
      transaction[transaction.length - 1]! ^= 1;
      const tampered: PaymentPayload = { ...payment, payload: { transaction: transaction.toBase64() } };
      await assert.rejects(
        gateway.authorize(rail, resource, tampered),
        (error) =>
          error instanceof PaymentRequiredError && /^Payment invalid: invalid_exact_svm/.test(error.message),
      );
    });

    await t.step(
      "a rejected settlement is a 402 with the failed settlement, and the claim is freed",
      async () => {
        const payment = await pay();
        const before = local!.solana.usdcBalance(payTo);
        const authorization = await gateway.authorize(rail, resource, payment);
        assert.ok(!("answer" in authorization), "a first payment is authorized, not answered from a record");
        // Settled elsewhere while the work ran: our settlement is then refused.
        assert.equal((await local!.facilitator.settle(payment, payment.accepted)).success, true);
        await assert.rejects(
          gateway.settle(authorization),
          (error) =>
            error instanceof PaymentRequiredError && /^Settlement failed: /.test(error.message) &&
            error.settlement?.success === false,
        );
        assert.equal(local!.solana.usdcBalance(payTo) - before, 2000n, "charged once, elsewhere");
        // The claim is not left in flight: the next attempt gets the facilitator's own answer.
        await assert.rejects(
          gateway.authorize(rail, resource, payment),
          (error) => error instanceof PaymentRequiredError && !/in use/.test(error.message),
        );
      },
    );
  } finally {
    await service.close();
  }
});
