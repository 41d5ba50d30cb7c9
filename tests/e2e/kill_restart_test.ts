/**
 * A service process killed with SIGKILL during verification (of an operation
 * verified before its handler) and after a settled answer, then started again on the same claim store (a Deno KV
 * file); the kill between the chain's settlement and its record is
 * `settlement_crash_test.ts`. Balances read from the chain show each payment
 * charged at most once, and only for an answer that was delivered or that
 * its resend retrieves.
 */
import assert from "node:assert/strict";
import { wrapFetchWithPayment } from "@x402/fetch";
import { fundedBuyer } from "../_support/service.ts";
import { payingWithId, paymentFor } from "./_resend.ts";
import { processOnRelay } from "./_process_on_relay.ts";
import { assertChargedOnce, balancesNow } from "./_charged_once.ts";
import { LOCAL_USDC_MINT } from "../../lib/local/solana/local_solana.ts";

const FEES = "/v1/fees/priority";
const PRICE = 2000n;
/** An operation whose payment is verified before its handler (the fee quantiles are verified by their settlement). */
const TOKEN = `/v1/token/${LOCAL_USDC_MINT}`;
const TOKEN_PRICE = 6000n;

Deno.test("[e2e] killed with SIGKILL while the payment is verified: nothing charged, and the restarted service serves", async () => {
  const world = await processOnRelay();
  try {
    const { client } = await fundedBuyer(world.chain, "1");
    const header = await paymentFor(client, world.service.base + TOKEN);
    const before = world.balance(world.payTo);
    const verifying = world.relay.hold("/verify", new Promise<void>(() => {}));
    const first = fetch(world.service.base + TOKEN, { headers: { "PAYMENT-SIGNATURE": header } })
      .catch((error) => error);
    await verifying;
    assert.equal(await world.service.stop("SIGKILL"), 137);
    assert.ok(await first instanceof Error, "the killed service answered nothing");
    world.relay.hold("");
    await world.restart();
    // The dead request's claim keeps the payment from buying twice: refused, not charged.
    const resent = await fetch(world.service.base + TOKEN, { headers: { "PAYMENT-SIGNATURE": header } });
    assert.equal(resent.status, 402, await resent.clone().text());
    assert.match((await resent.json()).error, /Payment in use/);
    assert.equal(world.balance(world.payTo), before, "nothing charged for the answer never given");
    const fresh = await wrapFetchWithPayment(fetch, client)(world.service.base + TOKEN);
    assert.equal(fresh.status, 200, await fresh.clone().text());
    await fresh.body?.cancel();
    assert.equal(world.balance(world.payTo) - before, TOKEN_PRICE, "a new payment buys one answer");
  } finally {
    await world.close();
  }
});

Deno.test("[e2e] killed with SIGKILL after a settled answer: the restarted service gives the same answer to its id, charged once", async () => {
  const world = await processOnRelay();
  try {
    const { buyer, client } = await fundedBuyer(world.chain, "1");
    const buying = payingWithId(client);
    const before = balancesNow(world, buyer.solana.address);
    const answer = await buying.pay(world.service.base + FEES);
    const body = await answer.text();
    assert.equal(answer.status, 200, body);
    assert.equal(await world.service.stop("SIGKILL"), 137);
    await world.restart();
    const resent = await fetch(world.service.base + FEES, {
      headers: { "PAYMENT-SIGNATURE": buying.sent() },
    });
    assert.equal(resent.status, 200, await resent.clone().text());
    assert.equal(await resent.text(), body, "the same answer");
    assert.equal(resent.headers.get("PAYMENT-RESPONSE"), answer.headers.get("PAYMENT-RESPONSE"));
    assertChargedOnce(world, before, PRICE);
  } finally {
    await world.close();
  }
});
