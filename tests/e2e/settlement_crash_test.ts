/**
 * A service killed with SIGKILL while its settlement was out, after the
 * facilitator had put it on the chain and before the answer came back,
 * restarted on the same claim store (a Deno KV file): the pending record is
 * resolved from the chain and the buyer's resend of the same payment gets
 * the answer it bought, charged once, as the chain's balances show. And a
 * claim store the process cannot write fails closed: 503 with `Retry-After`
 * before any payment is taken.
 */
import assert from "node:assert/strict";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { devnetOn, LOCKED_DOWN, spawnService } from "../_support/service_process.ts";
import { paymentFor, resendUntilKnown } from "./_resend.ts";
import { processOnRelay } from "./_process_on_relay.ts";

const FEES = "/v1/fees/priority";
const PRICE = 2000n;

Deno.test("[e2e] killed with SIGKILL between the chain's settlement and its record: resolved at restart, the resend gets the answer, charged once", async () => {
  const world = await processOnRelay();
  try {
    const { buyer, client } = await fundedBuyer(world.chain, "1");
    const url = world.service.base + FEES;
    const header = await paymentFor(client, url);
    const send = () => fetch(url, { headers: { "PAYMENT-SIGNATURE": header } });
    const sellerBefore = world.balance(world.payTo);
    const buyerBefore = world.balance(buyer.solana.address);

    const answered = Promise.withResolvers<void>();
    const settled = world.relay.holdAnswer("/settle", answered.promise);
    const first = send().catch((error) => error);
    await settled;
    assert.equal(world.balance(world.payTo) - sellerBefore, PRICE, "on the chain before the service knows");
    assert.equal(await world.service.stop("SIGKILL"), 137);
    assert.ok(await first instanceof Error, "the killed service answered nothing");
    answered.resolve();
    world.relay.holdAnswer("");

    await world.restart();
    const resent = await resendUntilKnown(url, header, { timeoutMs: 60_000, everyMs: 1_000 });
    assert.equal(resent.status, 200, await resent.clone().text());
    assert.ok((await resent.json()).global, "the answer bought");
    const settlement = JSON.parse(atob(resent.headers.get("PAYMENT-RESPONSE")!));
    assert.equal(settlement.success, true);
    assert.equal(world.balance(world.payTo) - sellerBefore, PRICE, "the seller is paid once");
    assert.equal(buyerBefore - world.balance(buyer.solana.address), PRICE, "the buyer pays once");
    const logged = world.service.logs.filter((event) =>
      event.type === "settlement" && event.success === true
    );
    assert.equal(logged.length, 1, "the settlement log accounts for the charge");
    assert.equal(logged[0]!.resolvedBy, "chain");
    assert.equal(logged[0]!.transaction, settlement.transaction);
  } finally {
    await world.close();
  }
});

Deno.test("[e2e] a claim store the process cannot write: paid requests answer 503 with Retry-After, nothing served or charged, no crash", async () => {
  const chain = await startTestService({ env: { ALT_ROUTES: "off" } });
  const dir = await Deno.makeTempDir({ prefix: "claims-" });
  const { env, payTo } = await devnetOn(chain);
  // The KV file's folder is readable, not writable by this process: the store cannot open.
  const service = await spawnService({ ...env, KV_PATH: `${dir}/claims.sqlite` }, LOCKED_DOWN);
  const ledger = chain.runtime.local!.solana;
  try {
    const { client } = await fundedBuyer(chain, "1");
    const header = await paymentFor(client, service.base + FEES);
    const before = ledger.usdcBalance(payTo);
    for (let i = 0; i < 3; i++) {
      const refused = await fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });
      assert.equal(refused.status, 503);
      assert.ok(Number(refused.headers.get("Retry-After")) > 0);
      assert.equal(refused.headers.get("PAYMENT-RESPONSE"), null);
      const body = await refused.json();
      assert.match(body.error, /claim store cannot be used/);
      assert.equal(body.global, undefined, "nothing served unpaid");
    }
    assert.equal(ledger.usdcBalance(payTo), before, "nothing charged");
  } finally {
    assert.equal(await service.stop(), 0, "still running, stopped cleanly");
    await chain.close();
    await Deno.remove(dir, { recursive: true });
  }
});
