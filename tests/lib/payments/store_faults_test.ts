/**
 * A claim store that fails never costs a buyer an answer it paid for, nor
 * serves one unpaid, nor takes the process down: failing before settlement,
 * the payment is refused with a 503 and `Retry-After` and nothing is charged;
 * failing once the chain has the money, the answer is served and the
 * settlement log still records the charge. The store is a real Deno KV,
 * closed under the gateway; the facilitator is the local chain's real one.
 */
import assert from "node:assert/strict";
import type { Address } from "@solana/kit";
import type { FacilitatorClient } from "@x402/core/server";
import { KvClaimStore } from "../../../lib/payments/claims.ts";
import { PaymentGateway, type PricedResource, type SettlementEvent } from "../../../lib/payments/gateway.ts";
import { UnavailableError } from "../../../lib/shared/errors.ts";
import { fundedBuyer, startTestService } from "../../_support/service.ts";

const resource: PricedResource = {
  url: "http://127.0.0.1/test",
  description: "A test resource",
  mimeType: "application/json",
  price: "$0.002",
};

Deno.test("PaymentGateway on a failing claim store: 503 before any charge, and a charge it cannot record is still served and logged", async (t) => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const { rails, local } = service.runtime;
    const rail = rails.solana;
    const payTo = rail.payTo as Address;
    const events: SettlementEvent[] = [];
    let afterSettle = () => {};
    // The real facilitator; `afterSettle` runs once the chain has the money, before the gateway hears of it.
    const facilitator: FacilitatorClient = {
      verify: (payload, requirements) => local!.facilitator.verify(payload, requirements),
      settle: async (payload, requirements) => {
        const result = await local!.facilitator.settle(payload, requirements);
        afterSettle();
        return result;
      },
      getSupported: () => local!.facilitator.getSupported(),
    };
    /** A gateway on a claim store of its own. */
    const gatewayOn = (kv: Deno.Kv) =>
      new PaymentGateway({
        facilitator,
        rails: [rail],
        claims: new KvClaimStore(kv),
        onSettlement: (event) => events.push(event),
      });
    const { client } = await fundedBuyer(service, "1");
    const pay = async (gateway: PaymentGateway) =>
      await client.createPaymentPayload(await gateway.paymentRequired(rail, resource));

    await t.step("the store gone before the claim: 503 with Retry-After, nothing charged", async () => {
      const kv = await Deno.openKv(":memory:");
      const gateway = gatewayOn(kv);
      const payment = await pay(gateway);
      const before = local!.solana.usdcBalance(payTo);
      kv.close();
      await assert.rejects(
        gateway.authorize(rail, resource, payment),
        (error) => error instanceof UnavailableError && error.retryAfterSeconds! > 0,
      );
      assert.equal(local!.solana.usdcBalance(payTo), before);
    });

    await t.step("the store gone after the chain took the money: served, logged, not recorded", async () => {
      const kv = await Deno.openKv(":memory:");
      const gateway = gatewayOn(kv);
      const payment = await pay(gateway);
      const before = local!.solana.usdcBalance(payTo);
      const authorization = await gateway.authorize(rail, resource, payment);
      assert.ok(!("answer" in authorization));
      afterSettle = () => kv.close();
      const settlement = await gateway.settle(authorization);
      assert.equal(settlement.success, true, "the answer is served: it was paid for");
      assert.equal(local!.solana.usdcBalance(payTo) - before, 2000n, "charged once");
      const logged = events.at(-1)!;
      assert.equal(logged.success, true);
      assert.equal(logged.transaction, settlement.transaction);
      assert.equal(logged.recorded, false, "the log line says the store could not record it");
    });
  } finally {
    await service.close();
  }
});
