/**
 * Exactly once, whatever the buyer loses: a payment named with an id
 * (`payment-identifier`) and resent gets the answer it bought, the same
 * `PAYMENT-RESPONSE`, never a second charge; the same id with another payment
 * is a 409. A settlement the facilitator answers only after the request gave
 * up is resolved by that late answer, and the resent payment then gets its
 * answer, charged once; one whose answer is lost for good is resolved from the
 * chain. Money is read back from the chain.
 */
import assert from "node:assert/strict";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { appendPaymentIdentifierToExtensions, generatePaymentId } from "@x402/extensions/payment-identifier";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { startRelayedService } from "../_support/relayed_service.ts";
import { paymentFor, resendUntilKnown } from "./_resend.ts";

const FEES = "/v1/fees/priority";
const PRICE = 2000n;

Deno.test("[e2e] one payment with its id sent three times: one charge, three identical answers; another payment with that id is a 409", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const { buyer, client } = await fundedBuyer(service, "1");
    const paymentId = generatePaymentId();
    // The extension's own client side: the id goes into every payment this client makes.
    client.onBeforePaymentCreation(({ paymentRequired }) => {
      appendPaymentIdentifierToExtensions(paymentRequired.extensions ??= {}, paymentId);
      return Promise.resolve();
    });
    const chain = service.runtime.local!.solana;
    const payTo = service.runtime.rails.solana.payTo as never;
    const sellerBefore = chain.usdcBalance(payTo);
    const buyerBefore = chain.usdcBalance(buyer.solana.address as never);
    // The official fetch wrapper pays; the header it sent is what a buyer resends after losing the answer.
    let sent: string | undefined;
    const recording: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      sent = request.headers.get("PAYMENT-SIGNATURE") ?? sent;
      return fetch(request);
    };
    const answers = [await wrapFetchWithPayment(recording, client)(service.base + FEES)];
    assert.ok(sent, "the client sent a payment");
    const payload = JSON.parse(atob(sent));
    assert.equal(payload.extensions["payment-identifier"].info.id, paymentId);
    for (let i = 0; i < 2; i++) {
      answers.push(await fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": sent } }));
    }
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    assert.deepEqual(answers.map((answer) => answer.status), [200, 200, 200], bodies.join("\n"));
    assert.equal(new Set(bodies).size, 1, "three identical answers");
    assert.equal(new Set(answers.map((answer) => answer.headers.get("PAYMENT-RESPONSE"))).size, 1);
    assert.equal(chain.usdcBalance(payTo) - sellerBefore, PRICE, "the seller is paid once");
    assert.equal(
      buyerBefore - chain.usdcBalance(buyer.solana.address as never),
      PRICE,
      "the buyer pays once",
    );

    // The same id on a new payment (the wrapper signs a new one for each call): a conflict, nothing charged.
    const conflict = await wrapFetchWithPayment(fetch, client)(service.base + FEES);
    assert.equal(conflict.status, 409);
    assert.match((await conflict.json()).error, /Payment identifier already used with another payment/);
    assert.equal(chain.usdcBalance(payTo) - sellerBefore, PRICE);

    // A malformed id is a 400 before anything is taken.
    const required = decodePaymentRequiredHeader(
      (await fetch(service.base + FEES)).headers.get("PAYMENT-REQUIRED")!,
    );
    assert.deepEqual((required.extensions?.["payment-identifier"] as { info?: unknown })?.info, {
      required: false,
    });
    const bad = await client.createPaymentPayload(required);
    (bad.extensions!["payment-identifier"] as { info: { id: string } }).info.id = "short";
    const malformed = await fetch(service.base + FEES, {
      headers: { "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(bad) },
    });
    assert.equal(malformed.status, 400);
    assert.match((await malformed.json()).error, /Invalid payment identifier/);
    assert.equal(chain.usdcBalance(payTo) - sellerBefore, PRICE);
  } finally {
    await service.close();
  }
});

/**
 * The service behind a facilitator relay, with `facilitatorTimeoutMs`, a
 * funded buyer's signed payment for the fee route, and what the seller has
 * been paid since (read from the chain).
 */
async function relayedPayment(facilitatorTimeoutMs: number) {
  const service = await startRelayedService({ facilitatorTimeoutMs });
  const { client } = await fundedBuyer(service, "1");
  const header = await paymentFor(client, service.base + FEES);
  const chain = service.runtime.local!.solana;
  const payTo = service.runtime.rails.solana.payTo as never;
  const before = chain.usdcBalance(payTo);
  return { service, relay: service.relay, header, paid: () => chain.usdcBalance(payTo) - before };
}

Deno.test("[e2e] a settlement answered only after the request gave up: the same payment resent gets the answer, charged once", async () => {
  const { service, relay, header, paid } = await relayedPayment(1_500);
  try {
    const answered = Promise.withResolvers<void>();
    const held = relay.hold("/settle", answered.promise);
    const send = () => fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });
    const first = send();
    await held;
    const unanswered = await first;
    assert.equal(unanswered.status, 503);
    assert.ok(Number(unanswered.headers.get("Retry-After")) > 0);
    assert.equal(unanswered.headers.get("PAYMENT-RESPONSE"), null);
    const body = await unanswered.json();
    assert.match(body.error, /not confirmed yet/);
    assert.equal(body.global, undefined, "no output is served unpaid");
    const early = await send();
    assert.equal(early.status, 503, "while its outcome is unknown, a resend is neither served nor settled");
    await early.body?.cancel();
    // The facilitator settles and answers, late.
    answered.resolve();
    relay.hold("");
    const resent = await resendUntilKnown(service.base + FEES, header);
    assert.equal(resent.status, 200, await resent.clone().text());
    const settlement = JSON.parse(atob(resent.headers.get("PAYMENT-RESPONSE")!));
    assert.equal(settlement.success, true);
    assert.ok((await resent.json()).global, "the answer bought");
    assert.equal(paid(), PRICE, "charged once");
    const again = await send();
    assert.equal(again.status, 200, "the answer stays retrievable with the same payment");
    await again.body?.cancel();
    assert.equal(paid(), PRICE, "still charged once");
  } finally {
    await service.close();
  }
});

Deno.test("[e2e] a settlement whose answer is lost after it went through: resolved from the chain, the resend gets the answer, charged once", async () => {
  const { service, relay, header, paid } = await relayedPayment(1_000);
  try {
    const send = () => fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });
    relay.dropAnswer("/settle");
    const lost = await send();
    assert.equal(lost.status, 503);
    assert.match((await lost.json()).error, /not confirmed yet/);
    assert.equal(paid(), PRICE, "the facilitator did settle it");
    relay.dropAnswer("");
    const resent = await resendUntilKnown(service.base + FEES, header);
    assert.equal(resent.status, 200, await resent.clone().text());
    const settlement = JSON.parse(atob(resent.headers.get("PAYMENT-RESPONSE")!));
    assert.equal(settlement.success, true);
    assert.ok(settlement.transaction, "the transaction found on the chain");
    assert.ok((await resent.json()).global, "the answer bought");
    assert.equal(paid(), PRICE, "charged once");
  } finally {
    await service.close();
  }
});
