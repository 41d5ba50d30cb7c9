/**
 * `POST /paywall/solana-transaction` against the real service in local mode:
 * the transaction it builds, signed by the buyer alone, is verified and
 * settled by the real x402 SVM facilitator on the embedded chain and pays for
 * the resource; the same layout with another recipient or amount is refused
 * and charges nothing; bad input gets a JSON error naming the problem. In
 * devnet mode the transaction is built against the configured RPC (a
 * local-mode service standing in for devnet).
 */
import assert from "node:assert/strict";
import {
  type Address,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  type KeyPairSigner,
  partiallySignTransaction,
} from "@solana/kit";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { buildExactSvmTransaction } from "../../../lib/payments/svm_transaction.ts";
import { paymentChainRpc } from "../../../lib/payments/payment_chain_rpc.ts";
import { freePort, fundedBuyer, startTestService } from "../../_support/service.ts";
import { devnetOn } from "../../_support/service_process.ts";

const ROUTE = "/paywall/solana-transaction";
const FEES = "/v1/fees/priority";
const PRICE_ATOMIC = 2000n; // $0.002

/** The base64 transaction signed by `signer` alone (the fee payer's slot stays empty). */
async function signedBy(signer: KeyPairSigner, transaction: string): Promise<string> {
  const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(transaction));
  return getBase64EncodedWireTransaction(await partiallySignTransaction([signer.keyPair], decoded));
}

/** The `PAYMENT-SIGNATURE` payload paying `accepted` with `transaction`. */
function paymentOf(resource: string, accepted: PaymentRequirements, transaction: string): PaymentPayload {
  return {
    x402Version: 2,
    resource: { url: resource },
    accepted,
    payload: { transaction },
  } as PaymentPayload;
}

function header(payment: PaymentPayload): string {
  return btoa(JSON.stringify(payment));
}

Deno.test("[e2e] the paywall's Solana transaction settles through the facilitator, a tampered one does not", async (t) => {
  const service = await startTestService();
  try {
    const local = service.runtime.local!;
    const payTo = service.runtime.rails.solana.payTo as Address;
    const { buyer } = await fundedBuyer(service, "1");
    const payer = buyer.solana;
    const resource = `${service.base}${FEES}?computeUnitLimit=200000`;
    const build = async (body: Record<string, unknown>) =>
      await fetch(service.base + ROUTE, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });

    await t.step("it answers the resource's own requirement and an unsigned transaction", async () => {
      const response = await build({ resource, payer: payer.address });
      assert.equal(response.status, 200);
      const body = await response.json();
      const challenge = await fetch(resource);
      const required = JSON.parse(atob(challenge.headers.get("payment-required")!));
      await challenge.body?.cancel();
      assert.deepEqual(body.accepted, required.accepts[0]);
      assert.equal(body.accepted.amount, String(PRICE_ATOMIC));
      assert.equal(body.payer, payer.address);
      assert.equal(body.balance, "1000000");
      assert.equal(
        body.blockhash,
        body.accepted.extra.recentBlockhash,
        "the transaction uses the offered blockhash",
      );
      assert.ok(body.requestId);
      const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(body.transaction));
      assert.deepEqual(Object.keys(decoded.signatures), [body.accepted.extra.feePayer, payer.address]);
      assert.ok(Object.values(decoded.signatures).every((signature) => signature === null));
    });

    await t.step(
      "signed by the buyer, it verifies, pays for the resource and moves exactly the price",
      async () => {
        const { accepted, transaction } = await (await build({ resource, payer: payer.address })).json();
        const payment = paymentOf(resource, accepted, await signedBy(payer, transaction));
        const verified = await local.facilitator.verify(payment, accepted);
        assert.equal(verified.isValid, true, verified.invalidReason);
        assert.equal(verified.payer, payer.address);
        const before = {
          buyer: local.solana.usdcBalance(payer.address),
          payTo: local.solana.usdcBalance(payTo),
        };
        const paid = await fetch(resource, { headers: { "PAYMENT-SIGNATURE": header(payment) } });
        assert.equal(paid.status, 200, await paid.clone().text());
        assert.ok(paid.headers.get("payment-response"));
        assert.ok((await paid.json()).recommended);
        assert.equal(before.buyer - local.solana.usdcBalance(payer.address), PRICE_ATOMIC);
        assert.equal(local.solana.usdcBalance(payTo) - before.payTo, PRICE_ATOMIC);
      },
    );

    await t.step(
      "a transaction paying another recipient or another amount is refused and charges nothing",
      async () => {
        const { accepted } = await (await build({ resource, payer: payer.address })).json();
        const client = await paymentChainRpc(accepted.network, service.runtime.services.solana, local);
        const elsewhere = (await generateKeyPairSigner()).address;
        await local.solana.fund(elsewhere, { usdc: 0n });
        const cases: [string, PaymentRequirements, RegExp][] = [
          ["recipient", { ...accepted, payTo: elsewhere }, /recipient_mismatch/],
          ["amount", { ...accepted, amount: "1" }, /amount_mismatch/],
        ];
        for (const [what, tampered, reason] of cases) {
          const built = await buildExactSvmTransaction({
            rpc: await client.kitRpc(),
            requirements: tampered,
            payer: payer.address,
          });
          const payment = paymentOf(resource, accepted, await signedBy(payer, built.transaction));
          const verified = await local.facilitator.verify(payment, accepted);
          assert.equal(verified.isValid, false, what);
          assert.match(verified.invalidReason ?? "", reason, what);
          const before = local.solana.usdcBalance(payer.address);
          const refused = await fetch(resource, { headers: { "PAYMENT-SIGNATURE": header(payment) } });
          assert.equal(refused.status, 402, what);
          await refused.body?.cancel();
          assert.equal(local.solana.usdcBalance(payer.address), before, what);
        }
      },
    );

    await t.step("bad input gets a JSON error with the right status", async () => {
      const stranger = (await generateKeyPairSigner()).address;
      const cases: [Record<string, unknown> | undefined, number, RegExp][] = [
        [{ resource, payer: "not-an-address" }, 400, /Invalid payer "not-an-address": not base58/],
        [{ resource }, 400, /Missing payer/],
        [{ resource: "fees/priority", payer: payer.address }, 400, /not an absolute URL/],
        [{ resource, payer: payer.address, price: "$0" }, 400, /unknown field "price"/],
        [{ resource: `${service.base}/v1/nothing`, payer: payer.address }, 404, /Unknown resource/],
        [{ resource: `https://example.com${FEES}`, payer: payer.address }, 404, /Unknown resource/],
        [{ resource: `${service.base}/v1/pdf/to-markdown`, payer: payer.address }, 404, /no paid GET/],
        [{ resource: `${service.base}/alt${FEES}`, payer: payer.address }, 400, /paid on Base/],
        [{ resource, payer: stranger }, 422, /holds no USDC account/],
        [undefined, 400, /Missing JSON body/],
      ];
      for (const [body, status, message] of cases) {
        const response = body ? await build(body) : await fetch(service.base + ROUTE, { method: "POST" });
        const answer = await response.json();
        assert.equal(response.status, status, JSON.stringify(answer));
        assert.match(answer.error, message);
        assert.ok(answer.requestId);
      }
      const poor = await generateKeyPairSigner();
      await local.solana.fund(poor.address, { usdc: 1n });
      const response = await build({ resource, payer: poor.address });
      assert.equal(response.status, 422);
      assert.match((await response.json()).error, /holds 1 USDC units, the price is 2000/);
    });
  } finally {
    await service.close();
  }
});

Deno.test("[e2e] in devnet mode the transaction is built against the configured RPC and settles", async () => {
  const chain = await startTestService({ env: { ALT_ROUTES: "off" } });
  const port = freePort();
  const { env, payTo } = await devnetOn(chain);
  const service = await startTestService({ env: { ...env, PUBLIC_URL: `http://127.0.0.1:${port}` }, port });
  try {
    const { buyer } = await fundedBuyer(chain, "1");
    const resource = `${service.base}${FEES}`;
    const response = await fetch(`${service.base}${ROUTE}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ resource, payer: buyer.solana.address }),
    });
    const { accepted, transaction } = await response.json();
    assert.equal(response.status, 200);
    assert.equal(accepted.payTo, payTo);
    const payment = paymentOf(resource, accepted, await signedBy(buyer.solana, transaction));
    const before = chain.runtime.local!.solana.usdcBalance(payTo);
    const paid = await fetch(resource, { headers: { "PAYMENT-SIGNATURE": header(payment) } });
    assert.equal(paid.status, 200, await paid.clone().text());
    await paid.body?.cancel();
    assert.equal(chain.runtime.local!.solana.usdcBalance(payTo) - before, PRICE_ATOMIC);
  } finally {
    await service.close();
    await chain.close();
  }
});
