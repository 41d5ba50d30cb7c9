/**
 * A small upload whose conversion would cost more memory than the budget
 * gives one (its content inflates to 60 MB of text): it is priced before the
 * payment, so the answer is 422 JSON `{error, requestId}` naming the budget
 * that would admit it, paid or not, and the service's USDC balance, read
 * back from the local chain, does not move.
 *
 * @module
 */
import assert from "node:assert/strict";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { denseDeflatedPdf } from "../_support/hostile_pdf.ts";
import { textPdf } from "../_support/synthetic_pdf.ts";
import { paymentHeader, payToBalance, sleep } from "./_hang_up.ts";

const PDF = "/v1/pdf/to-markdown";

Deno.test("[e2e] a PDF priced over the budget's share is refused with 422 before its payment is touched", async () => {
  const service = await startTestService();
  try {
    const costly = (await denseDeflatedPdf(60 * 1024 * 1024)) as Uint8Array<ArrayBuffer>;
    const unpaid = await fetch(service.base + PDF, {
      method: "POST",
      headers: { "content-type": "application/pdf" },
      body: costly,
    });
    assert.equal(unpaid.status, 422, "refused before a price is asked");
    const refusal = await unpaid.json();
    assert.ok(typeof refusal.requestId === "string", JSON.stringify(refusal));
    assert.match(refusal.error.message ?? refusal.error, /MEMORY_BUDGET_MB=\d+ would admit it/);

    const { client } = await fundedBuyer(service, "1");
    const cheap = {
      method: "POST",
      headers: { "content-type": "application/pdf" },
      body: textPdf([["Hi"]]) as Uint8Array<ArrayBuffer>,
    };
    const header = await paymentHeader(service, client, PDF, cheap);
    const before = payToBalance(service);
    const paid = await fetch(service.base + PDF, {
      method: "POST",
      headers: { "content-type": "application/pdf", "PAYMENT-SIGNATURE": header },
      body: costly,
    });
    assert.equal(paid.status, 422);
    assert.ok((await paid.json()).requestId);
    // Give a wrongly started settlement time to land before reading the chain.
    await sleep(500);
    assert.equal(payToBalance(service), before, "nothing charged");
  } finally {
    await service.close();
  }
});
