/**
 * The payment plumbing's edges under hostile or silent peers: a facilitator
 * that never answers a settlement, junk sent to the local facilitator's API,
 * and a Solana RPC whose `getSlot` answer is not a slot.
 */
import assert from "node:assert/strict";
import { startRelayedService } from "../_support/relayed_service.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { SEEDED_FEE_ACCOUNT } from "../../lib/local/solana/local_solana.ts";
import { paymentHeader, payToBalance, sleep } from "./_hang_up.ts";

const FEES = `/v1/fees/priority?account=${SEEDED_FEE_ACCOUNT}`;

Deno.test("[adversarial] a settlement that never answers is given up in bounded time: 503, pending, not served", async () => {
  const service = await startRelayedService({ facilitatorTimeoutMs: 1_500 });
  try {
    const { client } = await fundedBuyer(service, "1");
    const header = await paymentHeader(service, client, FEES);
    let settling = false;
    service.relay.hold("/settle").then(() => settling = true);
    const started = performance.now();
    const answer = await Promise.race([
      fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } }),
      sleep(15_000).then(() => undefined),
    ]);
    const elapsed = performance.now() - started;
    assert.ok(answer, "the client got an answer while the facilitator stayed silent");
    assert.ok(settling, "the settlement was sent and never answered");
    assert.equal(answer.status, 503);
    assert.ok(Number(answer.headers.get("Retry-After")) > 0);
    assert.equal(answer.headers.get("PAYMENT-RESPONSE"), null);
    assert.match((await answer.json()).error, /settlement not confirmed yet/);
    assert.ok(elapsed >= 1_500, `answered after the bound, ${Math.round(elapsed)} ms`);

    service.relay.hold("");
    const again = await fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });
    assert.equal(again.status, 503, "a payment that may have been charged buys nothing more while unknown");
    assert.equal(again.headers.get("PAYMENT-RESPONSE"), null);
    assert.match((await again.json()).error, /settlement not confirmed yet/);
  } finally {
    await service.close();
  }
});

Deno.test("[adversarial] junk sent to /local/facilitator/verify and /settle is a 400 naming the field", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const before = payToBalance(service);
    const junk: [unknown, RegExp][] = [
      [{ paymentPayload: {}, paymentRequirements: {} }, /"paymentPayload(\.[a-zA-Z0-9]+)?"/],
      [{ paymentPayload: "junk", paymentRequirements: "junk" }, /"paymentPayload"/],
      [{ paymentPayload: { x402Version: 2, accepted: 7, payload: [] } }, /"paymentPayload\.accepted"/],
      [{ paymentPayload: [], paymentRequirements: { scheme: 1 } }, /"paymentPayload"/],
    ];
    for (const step of ["verify", "settle"]) {
      for (const [body, field] of junk) {
        const response = await fetch(`${service.base}/local/facilitator/${step}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        const answer = await response.json();
        assert.equal(response.status, 400, `${step} ${JSON.stringify(body)}: ${answer.error}`);
        assert.match(answer.error, new RegExp(`^Invalid ${step} request: `));
        assert.match(answer.error, field);
        assert.ok(answer.requestId);
      }
    }
    assert.equal(payToBalance(service), before);
  } finally {
    await service.close();
  }
});

Deno.test("[adversarial] /healthz answers 503 when degraded and does not take a malformed slot as healthy", async () => {
  for (const slot of ["banana", -5, 1.5, null]) {
    // A Solana RPC that answers every call with a well-formed envelope around a wrong result.
    const rpc = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
      const { id } = await request.json();
      return Response.json({ jsonrpc: "2.0", id, result: slot });
    });
    const service = await startTestService({
      env: { ALT_ROUTES: "off", SOLANA_RPC_URL: `http://127.0.0.1:${rpc.addr.port}` },
    });
    try {
      const response = await fetch(`${service.base}/healthz`);
      const health = await response.json();
      assert.equal(health.status, "degraded", `slot ${JSON.stringify(slot)}`);
      assert.equal(response.status, 503);
      assert.equal(health.checks.solanaRpc.ok, false);
      assert.match(health.checks.solanaRpc.detail, /malformed getSlot answer: expected a slot number/);
    } finally {
      await service.close();
      await rpc.shutdown();
    }
  }
});
