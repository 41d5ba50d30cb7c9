/**
 * Replicas on separate hosts share their payment claims through one
 * PostgreSQL (`CLAIM_STORE_URL`): three service processes in devnet mode on
 * three ports, each with a Deno KV folder of its own (so nothing is shared
 * but the database), settling on a stand-in chain through one facilitator
 * behind a relay. Money is read back from the chain:
 *
 * - one payment sent 30 times at once, split over the three: one 200, one
 *   settlement;
 * - a replica killed with SIGKILL while its settlement was out, after the
 *   chain took the money: another replica resolves it from the chain and
 *   hands the buyer's resend the answer it bought, charged once;
 * - the database stopped: paid requests answer 503 with `Retry-After`,
 *   nothing is served or charged; started again, the same replicas serve the
 *   same payment, without a restart.
 */
import assert from "node:assert/strict";
import { freePort, fundedBuyer, startTestService } from "../_support/service.ts";
import { postgresSkipReason, startPostgres } from "../_support/postgres.ts";
import { startFacilitatorRelay } from "../_support/relayed_service.ts";
import { devnetOn, LOCKED_DOWN, type ServiceProcess, spawnService } from "../_support/service_process.ts";
import { until } from "../_support/until.ts";
import { paymentFor, resendUntilKnown } from "./_resend.ts";
import { assertChargedOnce, balancesNow, type Ledger } from "./_charged_once.ts";

const FEES = "/v1/fees/priority";
const PRICE = 2000n;

const skip = postgresSkipReason();
if (skip) console.warn(`postgres_replicas_test skipped: ${skip}`);

/** Successful settlements a replica has logged. */
function settlements(replica: ServiceProcess): Record<string, unknown>[] {
  return replica.logs.filter((event) => event.type === "settlement" && event.success === true);
}

Deno.test({
  name:
    "[e2e] three replicas sharing one PostgreSQL: one payment buys one answer, a killed replica's settlement is resolved by another, and a database outage fails closed",
  ignore: skip !== undefined,
  async fn(t) {
    const [chain, pg] = await Promise.all([
      startTestService({ env: { ALT_ROUTES: "off" } }),
      startPostgres(),
    ]);
    const relay = startFacilitatorRelay();
    relay.forwardTo(`${chain.base}/local/facilitator`);
    const { env, payTo } = await devnetOn(chain);
    const ledger = chain.runtime.local!.solana;
    // Behind one balancer the replicas answer for one public URL.
    const portA = freePort();
    const shared = {
      ...env,
      FACILITATOR_URL: relay.url,
      CLAIM_STORE_URL: pg.url,
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
    };
    const dirs = await Promise.all([0, 1, 2].map(() => Deno.makeTempDir({ prefix: "replica-kv-" })));
    const replicas = await Promise.all(dirs.map((dir, i) =>
      spawnService(
        { ...shared, KV_PATH: `${dir}/kv.sqlite`, ...(i === 0 ? { PORT: String(portA) } : {}) },
        [...LOCKED_DOWN, `--allow-write=${dir}`],
      )
    ));
    const [a, b, c] = replicas as [ServiceProcess, ServiceProcess, ServiceProcess];
    try {
      // Each reaches the facilitator in the background after it serves: wait until all three take payments.
      for (const replica of replicas) {
        await until(
          async () => {
            const ready = await fetch(`${replica.base}/readyz`);
            await ready.body?.cancel();
            return ready.ok;
          },
          "the replica to be ready",
          { timeoutMs: 30_000 },
        );
      }
      const { buyer, client } = await fundedBuyer(chain, "1");
      const money: Ledger = { balance: (address) => ledger.usdcBalance(address as never), payTo };
      const send = (replica: ServiceProcess, header: string) =>
        fetch(replica.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });
      const settledCount = () => replicas.reduce((sum, replica) => sum + settlements(replica).length, 0);

      await t.step(
        "one payment sent 30 times at once across three replicas: one 200, one settlement",
        async () => {
          const header = await paymentFor(client, a.base + FEES);
          const [before, settledBefore] = [balancesNow(money, buyer.solana.address), settledCount()];
          const responses = await Promise.all(
            Array.from({ length: 30 }, (_, i) => send(replicas[i % 3]!, header)),
          );
          const statuses = responses.map((response) => response.status);
          const bodies = await Promise.all(responses.map((response) => response.json()));
          assert.equal(statuses.filter((status) => status === 200).length, 1, statuses.join(" "));
          for (const [i, status] of statuses.entries()) {
            if (status === 200) continue;
            assert.equal(status, 402, JSON.stringify(bodies[i]));
            assert.match(bodies[i].error, /Payment (already used|in use)/, bodies[i].error);
            assert.equal(bodies[i].global, undefined, "nothing served unpaid");
          }
          assertChargedOnce(money, before, PRICE);
          // Log lines are flushed in bursts: wait for the settlement's (a second would come in the same one).
          await until(() => settledCount() > settledBefore, "the settlement's log line");
          await new Promise((resolve) => setTimeout(resolve, 200));
          assert.equal(settledCount() - settledBefore, 1);
        },
      );

      await t.step(
        "a replica killed after the chain took the money: another resolves it, charged once",
        async () => {
          const header = await paymentFor(client, a.base + FEES);
          const before = balancesNow(money, buyer.solana.address);
          const answered = Promise.withResolvers<void>();
          const settledOnChain = relay.holdAnswer("/settle", answered.promise);
          const first = send(a, header).catch((error) => error);
          await settledOnChain;
          assertChargedOnce(money, before, PRICE); // on the chain before A knows
          assert.equal(await a.stop("SIGKILL"), 137);
          assert.ok(await first instanceof Error, "the killed replica answered nothing");
          answered.resolve();
          relay.holdAnswer("");

          const resent = await resendUntilKnown(b.base + FEES, header, { timeoutMs: 60_000, everyMs: 1_000 });
          assert.equal(resent.status, 200, await resent.clone().text());
          assert.ok((await resent.json()).global, "the answer bought");
          const settlement = JSON.parse(atob(resent.headers.get("PAYMENT-RESPONSE")!));
          assert.equal(settlement.success, true);
          assertChargedOnce(money, before, PRICE);
          const again = await send(c, header);
          assert.equal(again.status, 200, "a resend to the third replica gets the same answer");
          assert.equal(
            JSON.parse(atob(again.headers.get("PAYMENT-RESPONSE")!)).transaction,
            settlement.transaction,
          );
          await again.body?.cancel();
          await until(
            () =>
              [b, c].some((replica) => settlements(replica).some((event) => event.resolvedBy === "chain")),
            "the resolved charge's log line",
          );
          const resolved = [b, c].flatMap(settlements).filter((event) => event.resolvedBy === "chain");
          assert.equal(resolved.length, 1, "the settlement log accounts for the charge once");
          assert.equal(resolved[0]!.transaction, settlement.transaction);
        },
      );

      await t.step(
        "PostgreSQL stopped: 503 with Retry-After, nothing served or charged; back: served, no restart",
        async () => {
          const header = await paymentFor(client, b.base + FEES);
          const before = balancesNow(money, buyer.solana.address);
          await pg.stop();
          for (const replica of [b, c, b, c]) {
            const refused = await send(replica, header);
            assert.equal(refused.status, 503);
            assert.ok(Number(refused.headers.get("Retry-After")) > 0, "Retry-After");
            assert.equal(refused.headers.get("PAYMENT-RESPONSE"), null);
            const body = await refused.json();
            assert.match(body.error, /claim store cannot be used/, body.error);
            assert.equal(body.global, undefined, "nothing served unpaid");
          }
          assert.equal(money.balance(payTo), before.sellerUsdc, "nothing charged while the database is down");
          await pg.start();
          const served = await resendUntilKnown(c.base + FEES, header, { timeoutMs: 20_000, everyMs: 500 });
          assert.equal(served.status, 200, await served.clone().text());
          assert.ok((await served.json()).global);
          assertChargedOnce(money, before, PRICE); // once the database is back
          const replay = await send(b, header);
          assert.equal(replay.status, 402, "the other replica sees it spent");
          await replay.body?.cancel();
        },
      );

      await t.step("the replicas stop cleanly, closing their database connections", async () => {
        const started = performance.now();
        assert.deepEqual(await Promise.all([b.stop(), c.stop()]), [0, 0]);
        assert.ok(performance.now() - started < 5_000, "within a host's grace period");
      });
    } finally {
      for (const replica of replicas) await replica.stop();
      await relay.stop();
      await chain.close();
      await pg.close();
      for (const dir of dirs) await Deno.remove(dir, { recursive: true });
    }
  },
});
