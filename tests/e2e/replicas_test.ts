/**
 * Replicas behind a balancer share one claim store: two service processes in
 * devnet mode with one Deno KV (`KV_PATH` to one SQLite file), settling on a
 * stand-in chain through one facilitator. A payment accepted by one replica
 * is refused by the other, and one payment sent 20 times at once, split
 * across both, buys exactly one answer and moves the price exactly once.
 */
import assert from "node:assert/strict";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { devnetOn, LOCKED_DOWN, type ServiceProcess, spawnService } from "../_support/service_process.ts";
import { freePort } from "../_support/service.ts";
import { until } from "../_support/until.ts";

const FEES = "/v1/fees/priority";
const PRICE = 2000n;

/** Successful settlements a replica has logged. */
function settlements(replica: ServiceProcess): number {
  return replica.logs.filter((event) => event.type === "settlement" && event.success === true).length;
}

Deno.test("[e2e] two replicas sharing one KV: a payment buys one answer, whichever replica gets it", async (t) => {
  const chain = await startTestService({ env: { ALT_ROUTES: "off" } });
  const dir = await Deno.makeTempDir({ prefix: "claims-" });
  const { env, payTo } = await devnetOn(chain);
  // Behind one balancer both replicas answer for one public URL.
  const portA = freePort();
  const shared = { ...env, KV_PATH: `${dir}/claims.sqlite`, PUBLIC_URL: `http://127.0.0.1:${portA}` };
  // The KV file is the only thing written: --allow-write is granted for its folder alone.
  const permissions = [...LOCKED_DOWN, `--allow-write=${dir}`];
  const a = await spawnService({ ...shared, PORT: String(portA) }, permissions);
  const b = await spawnService(shared, permissions);
  const ledger = chain.runtime.local!.solana;
  try {
    const { client } = await fundedBuyer(chain, "1");
    /** A fresh signed payment for the fee route, as an x402 header. */
    const payment = async () => {
      const required = decodePaymentRequiredHeader(
        (await fetch(a.base + FEES)).headers.get("PAYMENT-REQUIRED")!,
      );
      return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    };
    const send = (replica: ServiceProcess, header: string) =>
      fetch(replica.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });

    await t.step("paid on A, replayed on B: refused as already used", async () => {
      const header = await payment();
      const before = ledger.usdcBalance(payTo);
      const first = await send(a, header);
      assert.equal(first.status, 200, await first.clone().text());
      await first.body?.cancel();
      const replay = await send(b, header);
      assert.equal(replay.status, 402);
      assert.match((await replay.json()).error, /already used/);
      assert.equal(ledger.usdcBalance(payTo) - before, PRICE);
    });

    await t.step("one payment sent 20 times at once across A and B: one 200, one settlement", async () => {
      const header = await payment();
      const before = ledger.usdcBalance(payTo);
      const settledBefore = settlements(a) + settlements(b);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => send(i % 2 === 0 ? a : b, header)),
      );
      const statuses = responses.map((response) => response.status);
      const bodies = await Promise.all(responses.map((response) => response.json()));
      assert.equal(statuses.filter((status) => status === 200).length, 1, statuses.join(" "));
      for (const [i, status] of statuses.entries()) {
        if (status === 200) continue;
        assert.equal(status, 402);
        assert.match(bodies[i].error, /Payment (already used|in use)/, bodies[i].error);
      }
      assert.equal(ledger.usdcBalance(payTo) - before, PRICE);
      // Log lines are flushed in bursts: wait for the settlement's (a second would come in the same one).
      await until(() => settlements(a) + settlements(b) > settledBefore, "the settlement's log line");
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(settlements(a) + settlements(b) - settledBefore, 1);
    });
  } finally {
    assert.equal(await a.stop(), 0);
    assert.equal(await b.stop(), 0);
    await chain.close();
    await Deno.remove(dir, { recursive: true });
  }
});
