/**
 * The recent blockhash offered with every Solana requirement: an unmodified
 * x402 client signs with it instead of asking its RPC for one, and a payment
 * signed on an offer the chain has since moved past still pays.
 */
import assert from "node:assert/strict";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { wrapFetchWithPayment } from "@x402/fetch";
import { fundFromFaucet, payingClient, throwawayBuyer } from "../../lib/buyer/paying_client.ts";
import { createSolanaClient, latestBlockhash } from "../../lib/solana/rpc.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";

const FEES = "/v1/fees/priority";

/** A Solana RPC in front of `target` that records the methods it is asked for. */
function recordingRpc(target: string) {
  const methods: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const body = await request.text();
    methods.push(...[JSON.parse(body)].flat().map((call) => String(call?.method)));
    return await fetch(target, { method: "POST", headers: { "Content-Type": "application/json" }, body });
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, methods, stop: () => server.shutdown() };
}

async function offer(base: string): Promise<PaymentRequired> {
  const response = await fetch(base + FEES);
  await response.body?.cancel();
  assert.equal(response.status, 402);
  return decodePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED")!);
}

Deno.test("[e2e] a Solana offer carries a recent blockhash, so a client signs without fetching one", async (t) => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  const rpc = recordingRpc(`${service.base}/local/solana`);
  try {
    const cluster = createSolanaClient(`${service.base}/local/solana`);

    await t.step("the 402 offers the chain's newest blockhash and the last height it lands at", async () => {
      const [accepted] = (await offer(service.base)).accepts;
      const latest = await latestBlockhash(cluster);
      assert.equal(accepted!.extra.recentBlockhash, latest.blockhash);
      assert.equal(accepted!.extra.lastValidBlockHeight, latest.lastValidBlockHeight.toString());
    });

    await t.step("an unmodified client pays without asking its RPC for a blockhash", async () => {
      const buyer = await throwawayBuyer();
      await fundFromFaucet(service.base, buyer, "1");
      const pay = wrapFetchWithPayment(fetch, payingClient(buyer, { solanaRpcUrl: rpc.url }));
      for (let i = 0; i < 2; i++) {
        const response = await pay(service.base + FEES);
        assert.equal(response.status, 200, await response.clone().text());
        await response.body?.cancel();
      }
      assert.ok(rpc.methods.length > 0, "the client did use its RPC (for the mint)");
      assert.ok(!rpc.methods.includes("getLatestBlockhash"), `asked for: ${rpc.methods.join(", ")}`);
    });

    await t.step("a payment signed on an offer the chain has moved past still pays", async () => {
      const { client } = await fundedBuyer(service, "1");
      const earlier = await offer(service.base);
      const { client: other } = await fundedBuyer(service, "1");
      const moved = await wrapFetchWithPayment(fetch, other)(service.base + FEES);
      assert.equal(moved.status, 200);
      await moved.body?.cancel();
      const { blockhash: newest } = await latestBlockhash(cluster);
      assert.notEqual(newest, earlier.accepts[0]!.extra.recentBlockhash, "the chain made a block since");
      const header = encodePaymentSignatureHeader(await client.createPaymentPayload(earlier));
      const paid = await fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });
      assert.equal(paid.status, 200, await paid.clone().text());
      await paid.body?.cancel();
    });
  } finally {
    await rpc.stop();
    await service.close();
  }
});
