import assert from "node:assert/strict";
import { UnavailableError } from "../../../../lib/shared/errors.ts";
import type { LocalEvm } from "../../../../lib/local/evm/chain.ts";
import type { PricedResource } from "../../../../lib/payments/gateway.ts";
import { fundedBuyer, startTestService } from "../../../_support/service.ts";

const resource: PricedResource = {
  url: "http://127.0.0.1/alt/v1/fees/priority",
  description: "A test resource",
  mimeType: "application/json",
  price: "$0.001",
};

Deno.test("the in-process facilitator answers 503, not an invalid signature, when the EVM chain cannot be reached", async () => {
  const service = await startTestService();
  try {
    const { gateway, rails, local } = service.runtime;
    const { client } = await fundedBuyer(service, "1");
    const required = await gateway.paymentRequired(rails.evm!, resource);
    const payload = await client.createPaymentPayload(required);
    const requirements = required.accepts[0]!;
    const healthy = await local!.facilitator.verify(payload, requirements);
    assert.equal(healthy.isValid, true, JSON.stringify(healthy));

    // The runtime's chains are the embedded ones; stop Anvil under the running facilitator.
    await (local!.evm as LocalEvm).stop();
    await assert.rejects(local!.facilitator.verify(payload, requirements), (error) => {
      assert.ok(error instanceof UnavailableError);
      assert.match(error.message, /local EVM chain is stopped/);
      assert.ok(error.retryAfterSeconds! > 0);
      return true;
    });
    await assert.rejects(local!.facilitator.settle(payload, requirements), UnavailableError);
  } finally {
    await service.close();
  }
});
