/**
 * The two bars against the service as a host runs it (its own
 * process, devnet mode on a Deno KV file, the chain and facilitator of a
 * local-mode service behind a relay the test can hold), money read back from
 * the chain: one payment with its id sent three times is charged once and
 * gets three identical answers; a settlement the facilitator answers only
 * after 25 s (the service gives up at 20 s) is charged once, and the same
 * payment sent again afterwards gets 200.
 */
import assert from "node:assert/strict";
import { fundedBuyer } from "../_support/service.ts";
import { payingWithId, paymentFor, resendUntilKnown } from "./_resend.ts";
import { processOnRelay } from "./_process_on_relay.ts";
import { assertChargedOnce, balancesNow } from "./_charged_once.ts";

const FEES = "/v1/fees/priority";
const PRICE = 2000n;

Deno.test("[e2e] a service process: one payment with its id sent three times, one charge, three identical answers", async () => {
  const world = await processOnRelay();
  try {
    const { buyer, client } = await fundedBuyer(world.chain, "1");
    const buying = payingWithId(client);
    const before = balancesNow(world, buyer.solana.address);
    const url = world.service.base + FEES;
    const answers = [await buying.pay(url)];
    for (let i = 0; i < 2; i++) {
      answers.push(await fetch(url, { headers: { "PAYMENT-SIGNATURE": buying.sent() } }));
    }
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    assert.deepEqual(answers.map((answer) => answer.status), [200, 200, 200], bodies.join("\n"));
    assert.equal(new Set(bodies).size, 1, "three identical answers");
    assert.equal(new Set(answers.map((answer) => answer.headers.get("PAYMENT-RESPONSE"))).size, 1);
    assertChargedOnce(world, before, PRICE, world.service.logs);
  } finally {
    await world.close();
  }
});

Deno.test("[e2e] a service process: a settlement answered only after 25 s, the same payment sent again gets 200, charged once", async () => {
  const world = await processOnRelay();
  try {
    const { buyer, client } = await fundedBuyer(world.chain, "1");
    const url = world.service.base + FEES;
    const header = await paymentFor(client, url);
    const before = balancesNow(world, buyer.solana.address);
    const answered = Promise.withResolvers<void>();
    const settled = world.relay.holdAnswer("/settle", answered.promise);
    const sentAt = performance.now();
    const first = fetch(url, { headers: { "PAYMENT-SIGNATURE": header } });
    await settled;
    setTimeout(() => answered.resolve(), Math.max(0, 25_000 - (performance.now() - sentAt)));
    const unanswered = await first;
    assert.equal(unanswered.status, 503, "the service gives up on the facilitator first");
    assert.ok(Number(unanswered.headers.get("Retry-After")) > 0);
    assert.equal((await unanswered.json()).global, undefined, "no output is served unpaid");
    await answered.promise;
    world.relay.holdAnswer("");
    const resent = await resendUntilKnown(url, header, { timeoutMs: 60_000, everyMs: 1_000 });
    assert.equal(resent.status, 200, await resent.clone().text());
    assert.ok((await resent.json()).global, "the answer bought");
    assert.equal(JSON.parse(atob(resent.headers.get("PAYMENT-RESPONSE")!)).success, true);
    assertChargedOnce(world, before, PRICE, world.service.logs);
  } finally {
    await world.close();
  }
});
