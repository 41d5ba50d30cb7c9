import assert from "node:assert/strict";
import { declarePaymentIdentifierExtension } from "@x402/extensions/payment-identifier";
import { startTestService } from "../../_support/service.ts";

Deno.test("PaymentGateway.challenge() keeps each resource's own extensions and URL, however alike they are", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const { gateway, rails } = service.runtime;
    const base = { description: "Same description", mimeType: "application/json", price: "$0.002" as const };
    const http = {
      ...base,
      url: "http://x/v1/a",
      extensions: { bazaar: { info: { input: { type: "http" } } } },
    };
    const mcp = {
      ...base,
      url: "http://x/mcp#a",
      extensions: { bazaar: { info: { input: { type: "mcp" } } } },
    };
    const first = await gateway.challenge(rails.solana, http);
    const second = await gateway.challenge(rails.solana, mcp);
    // Each keeps its own discovery info; every offer also welcomes a payment id, declared as the extension's
    // own package declares it.
    const paymentIdentifier = { "payment-identifier": declarePaymentIdentifierExtension(false) };
    assert.deepEqual(first.extensions, { ...http.extensions, ...paymentIdentifier });
    assert.deepEqual(second.extensions, { ...mcp.extensions, ...paymentIdentifier });
    assert.equal(first.resource.url, "http://x/v1/a");
    assert.equal(second.resource.url, "http://x/mcp#a");
    const again = await gateway.challenge(rails.solana, { ...http, url: "http://x/v1/a?b=1" });
    assert.equal(again.resource.url, "http://x/v1/a?b=1");
    assert.deepEqual(again.accepts, first.accepts);
    assert.match(first.error!, /costs \$0\.002 in USDC on Solana/);
  } finally {
    await service.close();
  }
});
