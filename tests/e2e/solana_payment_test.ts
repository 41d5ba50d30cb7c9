/**
 * End-to-end payments on the primary chain: the real service in local mode,
 * its embedded Solana chain and in-process facilitator, and an unmodified
 * x402 client paying real USDC transfers.
 */
import assert from "node:assert/strict";
import type { Address } from "@solana/kit";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { freePort, fundedBuyer, startTestService } from "../_support/service.ts";

const FEES = "/v1/fees/priority";
const PRICE_ATOMIC = 2000n; // $0.002

Deno.test("[e2e] Solana payments: 402, paid 200, replays, and nothing charged for bad input", async (t) => {
  const service = await startTestService();
  try {
    const local = service.runtime.local!;
    const payTo = service.runtime.rails.solana.payTo as Address;
    const { buyer, client } = await fundedBuyer(service, "1");

    await t.step("unpaid request answers 402 with a decodable x402 v2 requirement", async () => {
      const response = await fetch(service.base + FEES);
      assert.equal(response.status, 402);
      const required = decodePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED")!);
      assert.equal(required.x402Version, 2);
      assert.equal(required.accepts.length, 1);
      const [offer] = required.accepts;
      assert.equal(offer!.scheme, "exact");
      assert.equal(offer!.network, "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1");
      assert.equal(offer!.asset, "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU");
      assert.equal(offer!.amount, String(PRICE_ATOMIC));
      assert.equal(offer!.payTo, payTo);
      assert.equal(typeof offer!.extra.feePayer, "string");
      assert.ok(required.extensions?.bazaar, "the requirement advertises Bazaar discovery info");
      const body = await response.json();
      assert.match(body.error, /\$0\.002/);
      assert.ok(body.requestId && body.timestamp && body.howToPay);
      assert.equal(response.headers.get("X-Request-Id"), body.requestId);
    });

    await t.step("invalid input is refused before any payment is asked for", async () => {
      const accounts = Array.from(
        { length: 21 },
        () => "account=So11111111111111111111111111111111111111112",
      );
      const response = await fetch(`${service.base}${FEES}?${accounts.join("&")}`);
      assert.equal(response.status, 400);
      assert.equal(response.headers.get("PAYMENT-REQUIRED"), null);
      assert.match((await response.json()).error, /at most 20/);
    });

    await t.step("a paid request answers 200 and moves exactly the price", async () => {
      const before = local.solana.usdcBalance(payTo);
      const buyerBefore = local.solana.usdcBalance(buyer.solana.address);
      const response = await wrapFetchWithPayment(fetch, client)(service.base + FEES);
      assert.equal(response.status, 200, await response.clone().text());
      const settlement = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
      assert.equal(settlement.success, true);
      assert.equal(settlement.network, "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1");
      assert.ok(settlement.transaction.length > 60);
      const body = await response.json();
      assert.ok(body.global && body.recommended && body.requestId && body.timestamp);
      assert.equal(local.solana.usdcBalance(payTo) - before, PRICE_ATOMIC);
      assert.equal(buyerBefore - local.solana.usdcBalance(buyer.solana.address), PRICE_ATOMIC);
    });

    await t.step("a replayed payment buys nothing, sequentially or 10 at once", async () => {
      const required = decodePaymentRequiredHeader(
        (await fetch(service.base + FEES)).headers.get("PAYMENT-REQUIRED")!,
      );
      const header = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
      const paid = (signal?: AbortSignal) =>
        fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": header }, signal });
      const before = local.solana.usdcBalance(payTo);

      const responses = await Promise.all(Array.from({ length: 10 }, () => paid()));
      const statuses = responses.map((r) => r.status).sort();
      assert.deepEqual(statuses, [200, 402, 402, 402, 402, 402, 402, 402, 402, 402]);
      for (const response of responses.filter((r) => r.status === 402)) {
        assert.match((await response.json()).error, /Payment (in use|already used)/);
      }
      await Promise.all(responses.filter((r) => r.status === 200).map((r) => r.body?.cancel()));

      const again = await paid();
      assert.equal(again.status, 402);
      assert.match((await again.json()).error, /already used/);
      assert.equal(local.solana.usdcBalance(payTo) - before, PRICE_ATOMIC);
    });
  } finally {
    await service.close();
  }
});

Deno.test("[e2e] a paid request whose work fails is not charged, and its payment stays usable", async () => {
  // The diagnosed cluster is an RPC that is down; payments still settle on the local chain.
  const deadUrl = `http://127.0.0.1:${freePort()}`;
  const service = await startTestService({ env: { SOLANA_RPC_URL: deadUrl, ALT_ROUTES: "off" } });
  try {
    const local = service.runtime.local!;
    const payTo = service.runtime.rails.solana.payTo as Address;
    const { buyer, client } = await fundedBuyer(service, "1");
    const required = decodePaymentRequiredHeader(
      (await fetch(service.base + FEES)).headers.get("PAYMENT-REQUIRED")!,
    );
    const header = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    const before = local.solana.usdcBalance(payTo);
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });
      assert.equal(response.status, 502);
      assert.equal(response.headers.get("PAYMENT-RESPONSE"), null);
      assert.match((await response.json()).error, /Solana RPC is unreachable/);
    }
    assert.equal(local.solana.usdcBalance(payTo), before);
    assert.equal(local.solana.usdcBalance(buyer.solana.address), 1_000_000n);
  } finally {
    await service.close();
  }
});
