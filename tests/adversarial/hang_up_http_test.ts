/**
 * A buyer who hangs up is never charged, over HTTP: the real service in local
 * mode on loopback, paid by an unmodified x402 client, its facilitator behind
 * a relay the test can hold. Each request is abandoned at one moment (during
 * the upload, during the work, just before settlement); then the service's
 * payTo balance must not have moved, and the same payment must still buy
 * exactly one answer. What remains is shown too: a client that leaves during
 * the settlement itself is charged, and the settlement log says so.
 */
import assert from "node:assert/strict";
import { fundedBuyer, type TestService } from "../_support/service.ts";
import { startRelayedService } from "../_support/relayed_service.ts";
import { makeAudio } from "../_support/audio_material.ts";
import { textPdf } from "../_support/synthetic_pdf.ts";
import { LOCAL_USDC_MINT } from "../../lib/local/solana/local_solana.ts";
import { accessLog, paymentHeader, payToBalance, sendThenHangUp, sleep } from "./_hang_up.ts";

const AUDIO = "/v1/audio/normalize";
const PDF = "/v1/pdf/to-markdown";
const RISK = "/v1/token/risk";
const TOKEN = `/v1/token/${LOCAL_USDC_MINT}`;

/** The same paid request sent again in full: it must be served and charged `price` exactly once. */
async function assertStillBuysOne(
  service: TestService,
  path: string,
  init: RequestInit,
  header: string,
  price: bigint,
): Promise<void> {
  const before = payToBalance(service);
  const headers = new Headers(init.headers);
  headers.set("PAYMENT-SIGNATURE", header);
  const response = await fetch(service.base + path, { ...init, headers });
  const body = await response.text();
  assert.equal(response.status, 200, `the released payment buys its answer: ${body.slice(0, 300)}`);
  assert.ok(response.headers.get("PAYMENT-RESPONSE"));
  assert.equal(payToBalance(service) - before, price);
}

Deno.test("[adversarial] HTTP buyers who hang up are not charged, at any moment, and keep their payment", async (t) => {
  const access = accessLog();
  /** Resolves once the service has the request with this id in hand (its body may still be coming). */
  const arrivals = new Map<string, PromiseWithResolvers<void>>();
  const arrival = (id: string) => arrivals.get(id) ?? arrivals.set(id, Promise.withResolvers()).get(id)!;
  const service = await startRelayedService({
    onRequest: (request) => arrival(request.headers.get("X-Request-Id") ?? "").resolve(),
    log: access.log,
    // Two minutes of WAV (23 MB), larger than the audio the default memory budget accepts beside PDF work.
    env: { MEMORY_BUDGET_MB: "1536" },
  });
  const { relay } = service;
  try {
    const { client } = await fundedBuyer(service, "2");
    // Two minutes, so the work outlasts the 20 ms the "while ffmpeg works" step waits after its verification.
    const audio = new Uint8Array(await makeAudio("speech", { seconds: 120 }));
    const audioInit = { method: "POST", headers: { "Content-Type": "audio/wav" }, body: audio };
    const pdf = new Uint8Array(textPdf([["A page of text that the converter reads back."]]));
    const pdfInit = { method: "POST", headers: { "Content-Type": "application/pdf" }, body: pdf };
    const riskBody = new TextEncoder().encode(JSON.stringify({ mint: LOCAL_USDC_MINT }));
    const riskInit = { method: "POST", headers: { "Content-Type": "application/json" }, body: riskBody };
    let n = 0;
    const requestId = () => `hang-up-${++n}`;

    const audioHangUps = [
      {
        moment: "halfway through the upload",
        plan: () => ({ bodyBytes: audio.byteLength / 2 }),
        status: 499,
      },
      {
        // Hung up 20 ms after its verification is let through, not at a time since sending began: two minutes of
        // WAV normalise in under 200 ms on a quiet machine, and a clock could land after settlement had begun.
        moment: "after the whole upload, while ffmpeg works",
        plan: () => {
          const release = Promise.withResolvers<void>();
          return { when: relay.hold("/verify", release.promise).then(() => (release.resolve(), sleep(20))) };
        },
        status: 499,
      },
    ];
    for (const { moment, plan, status } of audioHangUps) {
      await t.step(`audio: the socket closes ${moment}`, async () => {
        const header = await paymentHeader(service, client, AUDIO, audioInit);
        const before = payToBalance(service);
        const id = requestId();
        await sendThenHangUp(service.base, {
          method: "POST",
          path: AUDIO,
          headers: { "Content-Type": "audio/wav", "PAYMENT-SIGNATURE": header, "X-Request-Id": id },
          body: audio,
        }, plan());
        relay.hold("");
        const finished = await access.finished(id);
        assert.notEqual(finished, 200);
        // 499: the client was found gone, while its upload came in or right before settlement.
        if (status) assert.equal(finished, status);
        assert.equal(payToBalance(service), before, "nothing charged");
        await assertStillBuysOne(service, AUDIO, audioInit, header, 10_000n);
      });
    }

    // Timed aborts are only as good as the work is slow: a short clip normalises in well under 400 ms on a
    // quiet machine, so the second abort waits for a held verification instead of a clock.
    const abortMoments = [
      { moment: "20 ms after the service had it", hold: false },
      { moment: "once the upload is in and the payment is being verified", hold: true },
    ];
    for (const { moment, hold } of abortMoments) {
      await t.step(`audio: fetch aborted ${moment}`, async () => {
        const header = await paymentHeader(service, client, AUDIO, audioInit);
        const before = payToBalance(service);
        const id = requestId();
        const release = Promise.withResolvers<void>();
        // Aborted before the service had it, the request would leave no access line to wait for.
        const verifying = hold
          ? relay.hold("/verify", release.promise)
          : arrival(id).promise.then(() => sleep(20));
        const controller = new AbortController();
        const request = fetch(service.base + AUDIO, {
          ...audioInit,
          headers: { "Content-Type": "audio/wav", "PAYMENT-SIGNATURE": header, "X-Request-Id": id },
          signal: controller.signal,
        });
        await verifying;
        controller.abort();
        await assert.rejects(request);
        await sleep(100);
        release.resolve();
        assert.notEqual(await access.finished(id), 200);
        relay.hold("");
        assert.equal(payToBalance(service), before, "nothing charged");
        await assertStillBuysOne(service, AUDIO, audioInit, header, 10_000n);
      });
    }

    const justBeforeSettlement = [
      { name: "PDF", path: PDF, init: pdfInit, body: pdf, type: "application/pdf", price: 2_500n },
      {
        name: "JSON POST",
        path: RISK,
        init: riskInit,
        body: riskBody,
        type: "application/json",
        price: 6_000n,
      },
    ];
    for (const { name, path, init, body, type, price } of justBeforeSettlement) {
      await t.step(
        `${name}: the socket closes while the payment is verified, just before settlement`,
        async () => {
          const header = await paymentHeader(service, client, path, init);
          const before = payToBalance(service);
          const id = requestId();
          const release = Promise.withResolvers<void>();
          const verifying = relay.hold("/verify", release.promise);
          await sendThenHangUp(service.base, {
            method: "POST",
            path,
            headers: { "Content-Type": type, "PAYMENT-SIGNATURE": header, "X-Request-Id": id },
            body,
          }, { when: verifying });
          await sleep(100);
          release.resolve();
          assert.equal(await access.finished(id), 499, "verified, served, and found gone before settlement");
          relay.hold("");
          assert.equal(payToBalance(service), before, "nothing charged");
          await assertStillBuysOne(service, path, init, header, price);
        },
      );
    }

    await t.step(
      "JSON POST: the socket closes during settlement itself (what remains): charged, and logged",
      async () => {
        const header = await paymentHeader(service, client, RISK, riskInit);
        const before = payToBalance(service);
        const id = requestId();
        const release = Promise.withResolvers<void>();
        const settling = relay.hold("/settle", release.promise);
        await sendThenHangUp(service.base, {
          method: "POST",
          path: RISK,
          headers: { "Content-Type": "application/json", "PAYMENT-SIGNATURE": header, "X-Request-Id": id },
          body: riskBody,
        }, { when: settling });
        await sleep(100);
        release.resolve();
        assert.equal(await access.finished(id), 200);
        relay.hold("");
        assert.equal(payToBalance(service) - before, 6_000n, "the client was there when settlement began");
        const undelivered = access.settlements.filter((event) => event.delivered === false);
        assert.equal(undelivered.length, 1, "the charge for an answer nobody read is in the settlement log");
        assert.match(String(undelivered[0]!.reason), /client left during settlement/);
        assert.equal(undelivered[0]!.amount, "6000");
      },
    );

    // A GET whose payment is verified before its handler (the fee quantiles are verified by their settlement alone).
    await t.step("GET: fetch aborted while the payment is verified", async () => {
      const header = await paymentHeader(service, client, TOKEN);
      const before = payToBalance(service);
      const id = requestId();
      const release = Promise.withResolvers<void>();
      const verifying = relay.hold("/verify", release.promise);
      const controller = new AbortController();
      const request = fetch(service.base + TOKEN, {
        headers: { "PAYMENT-SIGNATURE": header, "X-Request-Id": id },
        signal: controller.signal,
      });
      await verifying;
      controller.abort();
      await assert.rejects(request);
      await sleep(100);
      release.resolve();
      assert.notEqual(await access.finished(id), 200);
      relay.hold("");
      assert.equal(payToBalance(service), before, "nothing charged");
      await assertStillBuysOne(service, TOKEN, {}, header, 6_000n);
    });
  } finally {
    await service.close();
  }
});
