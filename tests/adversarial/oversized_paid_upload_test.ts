/**
 * An upload over the cap that carries a valid payment: the size is judged
 * before the payment, so the answer is 413 JSON `{error, requestId}` and the
 * service's USDC balance, read back from the local chain, does not move, for
 * a declared size and for a chunked body counted as it arrives.
 *
 * @module
 */
import assert from "node:assert/strict";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { until } from "../_support/until.ts";
import { paymentHeader, payToBalance, sleep } from "./_hang_up.ts";

const CAP_BYTES = 64 * 1024;
const PDF = "/v1/pdf/to-markdown";

Deno.test("[e2e] a paid upload over the cap is refused with 413 before its payment is touched", async () => {
  const service = await startTestService({ env: { PDF_MAX_BYTES: String(CAP_BYTES) } });
  try {
    const { client } = await fundedBuyer(service, "1");
    const small = {
      method: "POST",
      headers: { "content-type": "application/pdf" },
      body: "%PDF-1.4\n%%EOF\n",
    };
    const header = await paymentHeader(service, client, PDF, small);
    const before = payToBalance(service);

    // A chunked body well over the cap, paid for.
    let sent = 0;
    const chunk = new Uint8Array(16 * 1024).fill(0x25);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const chunked = await fetch(service.base + PDF, {
      method: "POST",
      headers: { "content-type": "application/pdf", "PAYMENT-SIGNATURE": header },
      body,
    });
    assert.equal(chunked.status, 413);
    const refusal = await chunked.json();
    assert.ok(refusal.error && typeof refusal.requestId === "string", JSON.stringify(refusal));

    // The same payment on a declared size over the cap.
    const declared = await fetch(service.base + PDF, {
      method: "POST",
      headers: { "content-type": "application/pdf", "PAYMENT-SIGNATURE": header },
      body: new Uint8Array(CAP_BYTES * 2),
    });
    assert.equal(declared.status, 413);
    assert.ok((await declared.json()).requestId);

    // Give a wrongly started settlement time to land before reading the chain.
    await sleep(500);
    assert.equal(payToBalance(service), before, "nothing charged");
    await until(() => service.runtime.bodyBudget.inFlight === 0, "the body budget to be whole again");
  } finally {
    await service.close();
  }
});
