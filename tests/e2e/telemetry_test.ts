/**
 * Seen through OpenTelemetry, Deno's own: `main.ts` in devnet mode with
 * `OTEL_DENO=true` exports over OTLP/HTTP (JSON) to a receiver on loopback,
 * Deno's exporter unmodified. A paid call made with a `traceparent` (as a
 * traced client sends it) shows up as one trace: the 402, the verification,
 * the handler and the settlement with its transaction id; its log lines
 * carry the same trace id; and the revenue counter rises by exactly the
 * price, read against the chain's own balance.
 */
import assert from "node:assert/strict";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { devnetOn, spawnService } from "../_support/service_process.ts";
import { otlpEnv, startOtlpReceiver } from "../_support/otlp_receiver.ts";
import { until } from "../_support/until.ts";

const FEES = "/v1/fees/priority";
/** $0.002 in USDC base units. */
const PRICE = 2_000;

/** `fetch` sending a W3C `traceparent` naming `traceId`, as an instrumented client would. */
function tracedFetch(traceId: string): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    const spanId = crypto.getRandomValues(new Uint8Array(8)).reduce(
      (hex, b) => hex + b.toString(16).padStart(2, "0"),
      "",
    );
    request.headers.set("traceparent", `00-${traceId}-${spanId}-01`);
    return fetch(request);
  };
}

Deno.test("[e2e] a paid call is one trace in the OTLP export: 402, verify, handler, settle, its logs and its revenue", async () => {
  const chain = await startTestService({ env: { ALT_ROUTES: "off" } });
  const { env, payTo } = await devnetOn(chain);
  const receiver = startOtlpReceiver();
  const service = await spawnService({ ...env, ...otlpEnv(receiver) });
  const traceId = crypto.getRandomValues(new Uint8Array(16)).reduce(
    (hex, b) => hex + b.toString(16).padStart(2, "0"),
    "",
  );
  try {
    const ledger = chain.runtime.local!.solana;
    const before = ledger.usdcBalance(payTo);
    const { client } = await fundedBuyer(chain, "1");
    const response = await wrapFetchWithPayment(tracedFetch(traceId), client)(service.base + FEES);
    assert.equal(response.status, 200, await response.clone().text());
    await response.body?.cancel();
    const settlement = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
    assert.equal(ledger.usdcBalance(payTo) - before, BigInt(PRICE), "the chain's own balance");

    await until(
      () => (receiver.latest("x402.revenue")?.value ?? 0) > 0,
      "the revenue counter exported",
      { timeoutMs: 15_000 },
    );
    // Stopping flushes the spans and logs still batched.
    assert.equal(await service.stop(), 0);

    const spans = receiver.spans.filter((span) => span.traceId === traceId);
    const names = spans.map((span) => span.name);
    for (const name of ["x402.payment_required", "x402.verify", "operation.handler", "x402.settle"]) {
      assert.ok(names.includes(name), `${name} in the trace: ${names.join(", ")}`);
    }
    const verify = spans.find((span) => span.name === "x402.verify")!;
    assert.equal(verify.attributes["x402.verify.skipped"], true, "verified by its settlement alone");
    const settle = spans.find((span) => span.name === "x402.settle")!;
    assert.equal(settle.attributes["x402.transaction"], settlement.transaction);
    assert.equal(settle.attributes["x402.operation"], "chain_priority_fees");
    assert.ok(spans.some((span) => span.name === "solana.rpc"), "the RPC calls of the handler are in it too");

    const lines = receiver.logs
      .filter((record) => record.traceId === traceId)
      .map((record) => JSON.parse(record.body));
    const access = lines.filter((line) => line.type === "access" && line.route === FEES);
    assert.deepEqual(access.map((line) => line.status).sort(), [200, 402]);
    const settled = lines.find((line) => line.type === "settlement");
    assert.equal(settled?.transaction, settlement.transaction);
    assert.equal(settled?.success, true);

    const revenue = receiver.latest("x402.revenue", { operation: "chain_priority_fees" })!;
    assert.equal(revenue.value, PRICE, "exactly the price, in USDC base units");
    assert.equal(receiver.latest("x402.payments", { outcome: "settled" })?.value, 1);
    assert.equal(receiver.latest("x402.payments", { outcome: "verified" })?.value, 1);
    assert.ok(
      receiver.latest("http.server.requests", { "http.route": FEES, "http.response.status_code": 402 }),
    );
    assert.ok(receiver.latest("x402.settlement.duration")!.count >= 1);
    for (const part of ["bodies", "pdf", "audio"]) {
      assert.ok(receiver.latest("memory.budget.in_use", { part }), `memory.budget.in_use{part=${part}}`);
    }
    assert.deepEqual(receiver.rejected, []);
  } finally {
    await service.stop();
    await receiver.close();
    await chain.close();
  }
});
