/**
 * A payment buys what it was offered for: the real service in local mode,
 * unmodified x402 clients on both chains. A payment offered for one route is
 * refused on another of the same price, a payment naming another method or
 * no resource is refused, and an EVM authorization that stays valid longer
 * than the offer's `maxTimeoutSeconds` is refused; each with a 402 that names
 * the problem, nothing charged and the payment left unclaimed.
 */
import assert from "node:assert/strict";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload } from "@x402/core/types";
import { LOCAL_USDC_MINT } from "../../lib/local/solana/local_solana.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { payToBalance } from "./_hang_up.ts";

const TOKEN = `/v1/token/${LOCAL_USDC_MINT}`;
const RISK = "/v1/token/risk";
const riskInit = () => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ mint: LOCAL_USDC_MINT }),
});

/** Sends `init` to `url` paid with `payment`; returns the status and the error. */
async function paidWith(url: string, payment: PaymentPayload, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("PAYMENT-SIGNATURE", encodePaymentSignatureHeader(payment));
  const response = await fetch(url, { ...init, headers });
  const body = await response.json();
  return {
    status: response.status,
    error: body.error as string | undefined,
    settled: response.headers.has("PAYMENT-RESPONSE"),
  };
}

Deno.test("[adversarial] a payment is bound to the resource and method it was offered for", async (t) => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const { client } = await fundedBuyer(service, "1");
    const offerFor = async (path: string, init: RequestInit = {}) => {
      const unpaid = await fetch(service.base + path, init);
      await unpaid.body?.cancel();
      return decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED")!);
    };

    await t.step("a payment offered for GET /v1/token/{mint} does not buy POST /v1/token/risk", async () => {
      const payment = await client.createPaymentPayload(await offerFor(TOKEN));
      const before = payToBalance(service);
      const refused = await paidWith(service.base + RISK, payment, riskInit());
      assert.equal(refused.status, 402);
      assert.match(
        refused.error!,
        /^Payment is for another resource: it names ".*\/v1\/token\/[1-9A-Za-z]+", this request is ".*\/v1\/token\/risk"/,
      );
      assert.equal(payToBalance(service), before);
      const bought = await paidWith(service.base + TOKEN, payment);
      assert.equal(
        bought.status,
        200,
        "the refused payment was not claimed: it buys what it was offered for",
      );
      assert.equal(payToBalance(service) - before, 6_000n);
    });

    await t.step("a payment whose offer names another method is refused", async () => {
      const payment = await client.createPaymentPayload(await offerFor(RISK, riskInit()));
      const bazaar = payment.extensions?.bazaar as { info: { input: { method: string } } };
      assert.equal(bazaar.info.input.method, "POST", "x402 clients echo the offer's discovery info");
      bazaar.info.input.method = "GET";
      const refused = await paidWith(service.base + RISK, payment, riskInit());
      assert.equal(refused.status, 402);
      assert.match(
        refused.error!,
        /^Payment is for another method: it was offered for GET .*, this request is POST/,
      );
    });

    await t.step("a payment that names no resource is refused", async () => {
      const payment = await client.createPaymentPayload(await offerFor(TOKEN));
      delete payment.resource;
      const refused = await paidWith(service.base + TOKEN, payment);
      assert.equal(refused.status, 402);
      assert.match(refused.error!, /^Payment names no resource/);
    });
  } finally {
    await service.close();
  }
});

Deno.test("[adversarial] an EVM authorization valid longer than the offer's maxTimeoutSeconds is refused", async () => {
  const service = await startTestService();
  try {
    const { client } = await fundedBuyer(service, "1");
    const url = service.base + "/alt/v1/fees/priority";
    const unpaid = await fetch(url);
    await unpaid.body?.cancel();
    const offer = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED")!);
    const accepted = offer.accepts[0]!;
    assert.equal(accepted.maxTimeoutSeconds, 60);
    // Signed as if the offer allowed an hour, then presented against the real offer.
    const payment = await client.createPaymentPayload({
      ...offer,
      accepts: [{ ...accepted, maxTimeoutSeconds: 3600 }],
    });
    payment.accepted = accepted;
    const evm = service.runtime.local!.evm!;
    const payTo = service.runtime.rails.evm!.payTo as `0x${string}`;
    const before = await evm.usdcBalance(payTo);
    const refused = await paidWith(url, payment);
    assert.equal(refused.status, 402);
    assert.match(
      refused.error!,
      /^Payment authorization valid too long: it expires 3[56]\d\d s from now, the offer allows 60 s/,
    );
    assert.equal(refused.settled, false);
    assert.equal(await evm.usdcBalance(payTo), before);

    const honest = await client.createPaymentPayload(offer);
    const bought = await paidWith(url, honest);
    assert.equal(bought.status, 200, "an authorization within the offer's window is accepted");
  } finally {
    await service.close();
  }
});
