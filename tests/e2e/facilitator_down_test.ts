/**
 * Fail closed: when the facilitator cannot be reached, at start-up or during
 * a request, paid routes answer 503 and never serve their work for free.
 * The facilitator here is real (the local chain's, over its HTTP API) behind a
 * loopback relay the test can switch off.
 */
import assert from "node:assert/strict";
import { HTTPFacilitatorClient } from "@x402/core/server";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { freePort, fundedBuyer, startTestService } from "../_support/service.ts";
import { startRelayedService } from "../_support/relayed_service.ts";

const FEES = "/v1/fees/priority";

Deno.test("[e2e] facilitator unreachable at start-up: paid routes answer 503, health says so", async () => {
  const url = `http://127.0.0.1:${freePort()}`;
  const service = await startTestService({
    facilitator: new HTTPFacilitatorClient({ url }),
    env: { ALT_ROUTES: "off" },
  });
  try {
    const unpaid = await fetch(service.base + FEES);
    assert.equal(unpaid.status, 503);
    assert.ok(Number(unpaid.headers.get("Retry-After")) > 0);
    assert.match((await unpaid.json()).error, /facilitator is unreachable/);
    const forged = await fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": btoa("{}") } });
    assert.equal(forged.status, 503);
    await forged.body?.cancel();
    const healthz = await fetch(`${service.base}/healthz`);
    assert.equal(healthz.status, 503, "a degraded service says so in its status code too");
    const health = await healthz.json();
    assert.equal(health.status, "degraded");
    assert.equal(health.checks.facilitator.ok, false);
  } finally {
    await service.close();
  }
});

Deno.test("[e2e] facilitator lost during service: a paid request answers 503 and is not charged", async () => {
  const service = await startRelayedService();
  const { relay } = service;
  try {
    const { client } = await fundedBuyer(service, "1");

    // Up: a payment through the HTTP facilitator settles.
    const ok = await wrapFetchWithPayment(fetch, client)(service.base + FEES);
    assert.equal(ok.status, 200, await ok.clone().text());
    await ok.body?.cancel();

    const required = decodePaymentRequiredHeader(
      (await fetch(service.base + FEES)).headers.get("PAYMENT-REQUIRED")!,
    );
    const header = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    const payTo = service.runtime.rails.solana.payTo;
    const before = service.runtime.local!.solana.usdcBalance(payTo as never);

    await relay.stop();
    const down = await fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });
    assert.equal(down.status, 503);
    assert.equal(down.headers.get("PAYMENT-RESPONSE"), null);
    assert.match((await down.json()).error, /facilitator/);
    assert.equal(service.runtime.local!.solana.usdcBalance(payTo as never), before);
  } finally {
    await service.close();
  }
});

Deno.test("[e2e] a settlement that gets no answer serves nothing, and its payment buys nothing more until its outcome is known", async () => {
  const service = await startRelayedService();
  const { relay } = service;
  try {
    const { client } = await fundedBuyer(service, "1");
    const required = decodePaymentRequiredHeader(
      (await fetch(service.base + FEES)).headers.get("PAYMENT-REQUIRED")!,
    );
    const header = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    relay.fail("/settle");
    const unanswered = await fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });
    assert.equal(unanswered.status, 503);
    assert.ok(Number(unanswered.headers.get("Retry-After")) > 0);
    const body = await unanswered.json();
    assert.match(body.error, /settlement not confirmed yet/);
    assert.equal(body.global, undefined, "no output is served");
    relay.fail("");
    const again = await fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });
    assert.equal(again.status, 503, "neither served nor settled a second time while its outcome is unknown");
    assert.match((await again.json()).error, /Payment settlement not confirmed yet/);
  } finally {
    await service.close();
  }
});
