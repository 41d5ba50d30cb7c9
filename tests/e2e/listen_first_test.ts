/**
 * Up in a second whatever the upstreams do: `main.ts` in devnet mode against
 * a facilitator and a Solana RPC that accept connections and never answer.
 * The port answers `/livez` at once, the free routes work, paid routes answer
 * 503 with `Retry-After` before any payment is asked (so nothing is charged),
 * `/readyz` says why; once the upstreams answer (relaying to a local-mode
 * service standing in for devnet) the same process becomes ready and sells.
 */
import assert from "node:assert/strict";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { devnetOn, spawnService } from "../_support/service_process.ts";
import { until } from "../_support/until.ts";
import { startStallingUpstream } from "./_stalling_upstream.ts";

const FEES = "/v1/fees/priority";

Deno.test("[e2e] listens at once while the facilitator and RPC never answer, then becomes ready without a restart", async (t) => {
  const chain = await startTestService({ env: { ALT_ROUTES: "off" } });
  const { env, payTo } = await devnetOn(chain);
  const facilitator = startStallingUpstream(env.FACILITATOR_URL!);
  const rpc = startStallingUpstream(env.SOLANA_RPC_URL!);
  const service = await spawnService(
    {
      ...env,
      FACILITATOR_URL: facilitator.url,
      SOLANA_RPC_URL: rpc.url,
      READINESS_TIMEOUT_MS: "500",
      READINESS_RETRY_MAX_MS: "1000",
    },
    ["-A"],
    "listening",
  );
  const ledger = chain.runtime.local!.solana;
  try {
    await t.step("/livez answers as soon as the port listens, upstreams silent", async () => {
      const livez = await fetch(`${service.base}/livez`);
      assert.equal(livez.status, 200);
      assert.equal((await livez.json()).status, "alive");
      const start = service.logs.find((event) => event.type === "start")!;
      // Typically 100-300 ms from the process's start here, over a second on a loaded machine: the bound
      // only catches start-up waiting on an upstream again (it waited 90 s for a silent facilitator).
      assert.ok(
        Number(start.listeningAfterMs) < 10_000,
        `listening ${start.listeningAfterMs} ms after start`,
      );
    });

    await until(() => service.logs.some((event) => event.type === "serving"), "the application serving");
    await until(() => facilitator.received > 0, "a first attempt to reach the facilitator");

    await t.step("free routes work; /readyz is 503 and names the facilitator", async () => {
      const index = await fetch(`${service.base}/`);
      assert.equal(index.status, 200);
      await index.body?.cancel();
      const readyz = await fetch(`${service.base}/readyz`);
      assert.equal(readyz.status, 503);
      assert.ok(Number(readyz.headers.get("Retry-After")) > 0);
      const report = await readyz.json();
      assert.equal(report.ready, false);
      assert.ok(report.requestId);
      assert.match(JSON.stringify(report.cannot), /facilitator not reached/);
    });

    await t.step(
      "a paid route answers 503 with Retry-After and asks no payment: the buyer is not charged",
      async () => {
        const { buyer, client } = await fundedBuyer(chain, "1");
        const buyerBefore = ledger.usdcBalance(buyer.solana.address);
        const payToBefore = ledger.usdcBalance(payTo);
        const response = await wrapFetchWithPayment(fetch, client)(service.base + FEES);
        assert.equal(response.status, 503);
        assert.ok(Number(response.headers.get("Retry-After")) > 0);
        assert.equal(response.headers.get("PAYMENT-REQUIRED"), null);
        const body = await response.json();
        assert.match(body.error, /facilitator/);
        assert.ok(body.requestId);
        assert.equal(ledger.usdcBalance(buyer.solana.address), buyerBefore);
        assert.equal(ledger.usdcBalance(payTo), payToBefore);
      },
    );

    await t.step(
      "once the upstreams answer, the same process becomes ready and a paid call settles",
      async () => {
        facilitator.answer();
        rpc.answer();
        await until(
          async () => (await fetch(`${service.base}/readyz`).then((r) => r.json())).ready,
          "/readyz",
          {
            timeoutMs: 20_000,
            everyMs: 200,
          },
        );
        const before = ledger.usdcBalance(payTo);
        const { client } = await fundedBuyer(chain, "1");
        const response = await wrapFetchWithPayment(fetch, client)(service.base + FEES);
        assert.equal(response.status, 200, await response.clone().text());
        await response.body?.cancel();
        assert.equal(decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!).success, true);
        assert.equal(
          ledger.usdcBalance(payTo),
          before + 2_000n,
          "the price, $0.002, read back from the chain",
        );
        assert.ok(service.logs.some((event) => event.type === "ready"), "the log says when it became ready");
      },
    );
  } finally {
    await service.stop();
    await facilitator.close();
    await rpc.close();
    await chain.close();
  }
});
