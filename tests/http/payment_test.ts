/**
 * The HTTP payment middleware against a local-mode service's real gateway,
 * facilitator and embedded chain, paid by an unmodified x402 client: the
 * request variants that must never cost the buyer anything.
 */
import assert from "node:assert/strict";
import type { Address } from "@solana/kit";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { Hono } from "hono";
import { silentLogger } from "../../lib/shared/log.ts";
import { requestContext } from "../../http/context.ts";
import { errorResponse } from "../../http/errors.ts";
import { requirePayment } from "../../http/payment.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";

const FEES = "/v1/fees/priority";

Deno.test("requirePayment() answers a paid HEAD with the requirement, charging nothing and keeping the payment", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const local = service.runtime.local!;
    const payTo = service.runtime.rails.solana.payTo as Address;
    const { client } = await fundedBuyer(service, "1");
    const required = decodePaymentRequiredHeader(
      (await fetch(service.base + FEES)).headers.get("PAYMENT-REQUIRED")!,
    );
    const header = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    const before = local.solana.usdcBalance(payTo);

    const head = await fetch(service.base + FEES, {
      method: "HEAD",
      headers: { "PAYMENT-SIGNATURE": header },
    });
    assert.equal(head.status, 402, "a HEAD answer has no body, so it cannot be what a payment buys");
    assert.equal(head.headers.get("PAYMENT-RESPONSE"), null);
    assert.equal(
      decodePaymentRequiredHeader(head.headers.get("PAYMENT-REQUIRED")!).accepts[0]!.amount,
      "2000",
    );
    assert.equal(local.solana.usdcBalance(payTo), before);

    const get = await fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });
    assert.equal(get.status, 200, "the payment is still unspent");
    assert.ok(get.headers.get("PAYMENT-RESPONSE"));
    await get.body?.cancel();
    assert.equal(local.solana.usdcBalance(payTo) - before, 2000n);
  } finally {
    await service.close();
  }
});

Deno.test("requirePayment() does not settle work that finished after the client went away", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  const { gateway, rails, local } = service.runtime;
  const rail = rails.solana;
  const payTo = rail.payTo as Address;
  let started!: () => void;
  const workStarted = new Promise<void>((resolve) => started = resolve);
  let calls = 0;
  // The first call's work ends only once its caller has left, as slow work that ignores the signal would.
  const app = new Hono();
  app.use("*", requestContext(silentLogger));
  app.onError((error, c) => errorResponse(c, error, silentLogger));
  app.get(
    "/slow",
    requirePayment({
      gateway,
      rail,
      resource: (url) => ({ url, description: "Slow work", mimeType: "application/json", price: "$0.002" }),
    }),
    async (c) => {
      if (calls++ === 0) {
        started();
        await new Promise((resolve) => c.req.raw.signal.addEventListener("abort", resolve, { once: true }));
      }
      return c.json({ done: true });
    },
  );
  const paymentResponses: (string | null)[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const response = await app.fetch(request);
    paymentResponses.push(response.headers.get("PAYMENT-RESPONSE"));
    return response;
  });
  const url = `http://127.0.0.1:${server.addr.port}/slow`;
  try {
    const { client } = await fundedBuyer(service, "1");
    const required = decodePaymentRequiredHeader((await fetch(url)).headers.get("PAYMENT-REQUIRED")!);
    const header = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    const before = local!.solana.usdcBalance(payTo);

    const controller = new AbortController();
    const request = fetch(url, { headers: { "PAYMENT-SIGNATURE": header }, signal: controller.signal });
    await workStarted;
    controller.abort();
    await assert.rejects(request);
    while (paymentResponses.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(paymentResponses[1], null, "no settlement for a response nobody receives");
    assert.equal(local!.solana.usdcBalance(payTo), before);

    const retry = await fetch(url, { headers: { "PAYMENT-SIGNATURE": header } });
    assert.equal(retry.status, 200, "the payment was released and still buys one response");
    assert.deepEqual(await retry.json(), { done: true });
    assert.equal(local!.solana.usdcBalance(payTo) - before, 2000n);
  } finally {
    await server.shutdown();
    await service.close();
  }
});

Deno.test("requirePayment() answers an EVM payment of the wrong shape with a 402 naming the field, not a 503", async () => {
  const service = await startTestService();
  try {
    const { client } = await fundedBuyer(service, "1");
    const url = service.base + "/alt" + FEES;
    const required = decodePaymentRequiredHeader((await fetch(url)).headers.get("PAYMENT-REQUIRED")!);
    const payment = await client.createPaymentPayload(required);
    const { authorization, signature } = payment.payload as {
      authorization: Record<string, unknown>;
      signature: string;
    };
    const variants: [Record<string, unknown>, RegExp][] = [
      [{ authorization, signature: null }, /"payload\.signature"/],
      [
        { authorization: { ...authorization, value: { a: 1 } }, signature },
        /"payload\.authorization\.value"/,
      ],
      [
        { authorization: { ...authorization, validBefore: "soon" }, signature },
        /"payload\.authorization\.validBefore"/,
      ],
      [{ authorization: { ...authorization, nonce: "0x01" }, signature }, /"payload\.authorization\.nonce"/],
    ];
    for (const [payload, field] of variants) {
      const header = encodePaymentSignatureHeader({ ...payment, payload });
      const response = await fetch(url, { headers: { "PAYMENT-SIGNATURE": header } });
      assert.equal(response.status, 402, JSON.stringify(payload));
      const { error } = await response.json();
      assert.match(error, /^Malformed payment: /);
      assert.match(error, field);
    }
    const paid = await fetch(url, {
      headers: { "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payment) },
    });
    assert.equal(paid.status, 200, "the well-formed payment was never claimed by the malformed ones");
    await paid.body?.cancel();
  } finally {
    await service.close();
  }
});
