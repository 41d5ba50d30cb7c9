/**
 * A paid conversion end to end: the real service in local mode with its
 * embedded Solana chain and facilitator, paid by an unmodified x402 client
 * over HTTP (raw PDF body) and by the MCP client over Streamable HTTP.
 */
import assert from "node:assert/strict";
import type { Address } from "@solana/kit";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { callPaidTool, connectMcp } from "../../../../lib/buyer/mcp_client.ts";
import { pdfUrl } from "../../../_support/pdf_corpus.ts";
import { fundedBuyer, startTestService } from "../../../_support/service.ts";

const PATH = "/v1/pdf/to-markdown";
const PRICE_ATOMIC = 2500n; // $0.0025

Deno.test("[e2e] pdf_to_markdown is paid over HTTP and MCP, and a bad PDF costs nothing", async (t) => {
  const service = await startTestService();
  try {
    const local = service.runtime.local!;
    const payTo = service.runtime.rails.solana.payTo as Address;
    const { buyer, client } = await fundedBuyer(service);
    const pay = wrapFetchWithPayment(fetch, client);
    const pdf = await Deno.readFile(pdfUrl("02_api_reference", "chromium"));
    const upload = (body: Uint8Array) => ({
      method: "POST",
      headers: { "content-type": "application/pdf" },
      body: body.slice(),
    });

    await t.step("an unpaid upload answers 402 asking for $0.0025", async () => {
      const response = await fetch(`${service.base}${PATH}?pages=1`, upload(pdf));
      assert.equal(response.status, 402);
      const required = decodePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED")!);
      assert.equal(required.accepts[0]!.amount, String(PRICE_ATOMIC));
      await response.body?.cancel();
    });

    await t.step("a paid raw upload answers 200 with the Markdown and moves exactly the price", async () => {
      const before = local.solana.usdcBalance(payTo);
      const response = await pay(`${service.base}${PATH}?includePageBreaks=true`, upload(pdf));
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!).success, true);
      const body = await response.json();
      assert.match(body.markdown, /^<!-- page 1 -->\n\n# Inventory API Reference$/m);
      assert.match(body.markdown, /^\| GET \| \/items \| List items, newest first \|$/m);
      assert.ok(body.requestId && body.timestamp);
      assert.equal(local.solana.usdcBalance(payTo) - before, PRICE_ATOMIC);
    });

    await t.step("a paid upload that is not a PDF answers 400 and is not charged", async () => {
      const before = local.solana.usdcBalance(buyer.solana.address);
      const response = await pay(
        `${service.base}${PATH}`,
        upload(new TextEncoder().encode("%PDF-1.7 broken")),
      );
      assert.equal(response.status, 400);
      assert.match((await response.json()).error, /^Corrupt PDF/);
      assert.equal(local.solana.usdcBalance(buyer.solana.address), before);
    });

    await t.step("the MCP tool takes base64, is paid, and returns the same structure", async () => {
      const before = local.solana.usdcBalance(payTo);
      const mcp = await connectMcp(`${service.base}/mcp`);
      try {
        const call = await callPaidTool(mcp, client, "pdf_to_markdown", { pdf: pdf.toBase64(), pages: "1" });
        assert.ok(call.paymentRequired, "the first call asks for payment");
        assert.equal(call.settlement?.success, true);
        assert.notEqual(call.result.isError, true, JSON.stringify(call.result.content));
        const output = call.result.structuredContent as { markdown: string; pages: number };
        assert.equal(output.pages, 1);
        assert.match(output.markdown, /^## Endpoints$/m);
      } finally {
        await mcp.close();
      }
      assert.equal(local.solana.usdcBalance(payTo) - before, PRICE_ATOMIC);
    });
  } finally {
    await service.close();
  }
});
