/**
 * A paid answer far over the size kept for resends (a normalised recording of
 * two minutes: about 30 MB of streamed JSON) is served whole, settled and
 * charged once, and is not kept: the same payment resent with its id is
 * refused as used, charged nothing more. Keeping answers never reads such a
 * body (`http/kept_response.ts`), so it never holds up the answer. Money is
 * read back from the chain.
 */
import assert from "node:assert/strict";
import { wrapFetchWithPayment } from "@x402/fetch";
import { appendPaymentIdentifierToExtensions, generatePaymentId } from "@x402/extensions/payment-identifier";
import { makeAudio } from "../_support/audio_material.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";

const NORMALIZE = "/v1/audio/normalize?preset=broadcast";

Deno.test("[e2e] a 30 MB streamed paid answer is served whole and charged once; too large to keep, its resend is refused", async () => {
  // Enough memory for a two-minute WAV upload, and the default 512 KiB bound on kept answers.
  const service = await startTestService({ env: { ALT_ROUTES: "off", MEMORY_BUDGET_MB: "1536" } });
  try {
    const { buyer, client } = await fundedBuyer(service, "1");
    client.onBeforePaymentCreation(({ paymentRequired }) => {
      appendPaymentIdentifierToExtensions(paymentRequired.extensions ??= {}, generatePaymentId());
      return Promise.resolve();
    });
    const chain = service.runtime.local!.solana;
    const payTo = service.runtime.rails.solana.payTo as never;
    const sellerBefore = chain.usdcBalance(payTo);
    const buyerBefore = chain.usdcBalance(buyer.solana.address as never);
    const wav = await makeAudio("speech", { format: "wav", seconds: 120, gainDb: -8 });
    let sent: string | undefined;
    const recording: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      sent = request.headers.get("PAYMENT-SIGNATURE") ?? sent;
      return fetch(request);
    };
    const answer = await wrapFetchWithPayment(recording, client)(service.base + NORMALIZE, {
      method: "POST",
      headers: { "Content-Type": "audio/wav" },
      body: wav.slice() as Uint8Array<ArrayBuffer>,
    });
    const text = await answer.text();
    assert.equal(answer.status, 200, text.slice(0, 300));
    const length = new TextEncoder().encode(text).byteLength;
    assert.ok(length > 25 * 1024 * 1024, `a large answer (${length} bytes)`);
    assert.equal(Number(answer.headers.get("content-length")), length, "served whole");
    const body = JSON.parse(text);
    assert.ok(Uint8Array.fromBase64(body.audio).byteLength > 20 * 1024 * 1024, "the whole recording");
    assert.ok(answer.headers.get("PAYMENT-RESPONSE"));
    const price = chain.usdcBalance(payTo) - sellerBefore;
    assert.ok(price > 0n, "the seller is paid");
    assert.equal(
      buyerBefore - chain.usdcBalance(buyer.solana.address as never),
      price,
      "the buyer pays once",
    );

    // Too large to keep: the same payment and id again buys nothing more, and costs nothing more.
    const resent = await fetch(service.base + NORMALIZE, {
      method: "POST",
      headers: { "Content-Type": "audio/wav", "PAYMENT-SIGNATURE": sent! },
      body: wav.slice() as Uint8Array<ArrayBuffer>,
    });
    assert.equal(resent.status, 402);
    assert.match((await resent.json()).error, /Payment already used/);
    assert.equal(chain.usdcBalance(payTo) - sellerBefore, price, "charged once");
  } finally {
    await service.close();
  }
});
