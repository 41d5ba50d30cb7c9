/**
 * End-to-end payments on the alternate chain: `/alt` paths paid in USDC with
 * EIP-3009 authorizations on the embedded EVM chain (Anvil), through the same
 * gateway, replay claims and settle-on-success as the primary chain.
 */
import assert from "node:assert/strict";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { createPublicClient, erc20Abi, http } from "viem";
import { freePort, fundedBuyer, startTestService } from "../_support/service.ts";

const ALT_FEES = "/alt/v1/fees/priority";
const FEES = "/v1/fees/priority";
const USDC = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";
const PRICE_ATOMIC = 2000n;

Deno.test("[e2e] EVM payments on /alt: 402, paid 200, replays, wrong network, local RPC", async (t) => {
  const service = await startTestService();
  try {
    const evm = service.runtime.local!.evm!;
    const payTo = service.runtime.rails.evm!.payTo as `0x${string}`;
    const { buyer, client } = await fundedBuyer(service, "1");
    const requiredFor = async (path: string) =>
      decodePaymentRequiredHeader((await fetch(service.base + path)).headers.get("PAYMENT-REQUIRED")!);

    await t.step(
      "unpaid /alt request answers 402 with one EVM requirement and its EIP-712 domain",
      async () => {
        const required = await requiredFor(ALT_FEES);
        assert.equal(required.x402Version, 2);
        assert.equal(required.accepts.length, 1);
        const [offer] = required.accepts;
        assert.equal(offer!.scheme, "exact");
        assert.equal(offer!.network, "eip155:84532");
        assert.equal(offer!.asset.toLowerCase(), USDC.toLowerCase());
        assert.equal(offer!.amount, String(PRICE_ATOMIC));
        assert.equal(offer!.payTo, payTo);
        assert.equal(offer!.extra.name, "USDC");
        assert.equal(offer!.extra.version, "2");
      },
    );

    await t.step("a paid /alt request answers 200 and moves exactly the price on the EVM chain", async () => {
      const before = await evm.usdcBalance(payTo);
      const response = await wrapFetchWithPayment(fetch, client)(service.base + ALT_FEES);
      assert.equal(response.status, 200, await response.clone().text());
      const settlement = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
      assert.equal(settlement.success, true);
      assert.equal(settlement.network, "eip155:84532");
      assert.match(settlement.transaction, /^0x[0-9a-f]{64}$/);
      assert.ok((await response.json()).global);
      assert.equal(await evm.usdcBalance(payTo) - before, PRICE_ATOMIC);
      assert.equal(await evm.usdcBalance(buyer.evm.address), 1_000_000n - PRICE_ATOMIC);
    });

    await t.step("a replayed authorization buys nothing, concurrently or later", async () => {
      const header = encodePaymentSignatureHeader(
        await client.createPaymentPayload(await requiredFor(ALT_FEES)),
      );
      const before = await evm.usdcBalance(payTo);
      const responses = await Promise.all(
        Array.from(
          { length: 5 },
          () => fetch(service.base + ALT_FEES, { headers: { "PAYMENT-SIGNATURE": header } }),
        ),
      );
      assert.deepEqual(responses.map((r) => r.status).sort(), [200, 402, 402, 402, 402]);
      await Promise.all(responses.map((r) => r.body?.cancel()));
      const later = await fetch(service.base + ALT_FEES, { headers: { "PAYMENT-SIGNATURE": header } });
      assert.equal(later.status, 402);
      assert.match((await later.json()).error, /already used/);
      assert.equal(await evm.usdcBalance(payTo) - before, PRICE_ATOMIC);
    });

    await t.step("a payment for the other chain is refused with a reason, on both sides", async () => {
      const evmPayment = encodePaymentSignatureHeader(
        await client.createPaymentPayload(await requiredFor(ALT_FEES)),
      );
      const onPlain = await fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": evmPayment } });
      assert.equal(onPlain.status, 402);
      assert.match((await onPlain.json()).error, /Wrong network: this resource is paid on Solana/);

      const solanaPayment = encodePaymentSignatureHeader(
        await client.createPaymentPayload(await requiredFor(FEES)),
      );
      const onAlt = await fetch(service.base + ALT_FEES, { headers: { "PAYMENT-SIGNATURE": solanaPayment } });
      assert.equal(onAlt.status, 402);
      assert.match((await onAlt.json()).error, /Wrong network: this resource is paid on Base/);
      assert.ok(onAlt.headers.get("PAYMENT-REQUIRED"));
    });

    await t.step(
      "invalid input on /alt is refused before payment, and a paid failure is not charged",
      async () => {
        const bad = await fetch(`${service.base}${ALT_FEES}?account=not-an-address`);
        assert.equal(bad.status, 400);
        assert.equal(bad.headers.get("PAYMENT-REQUIRED"), null);
        assert.match((await bad.json()).error, /not-an-address/);
      },
    );

    await t.step("the embedded EVM chain answers any EVM client at /local/evm", async () => {
      const reader = createPublicClient({ transport: http(`${service.base}/local/evm`) });
      assert.equal(await reader.getChainId(), 84532);
      const balance = await reader.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [payTo],
      });
      assert.equal(balance, await evm.usdcBalance(payTo));
    });
  } finally {
    await service.close();
  }
});

Deno.test("[e2e] a paid /alt request whose work fails is not settled", async () => {
  const deadUrl = `http://127.0.0.1:${freePort()}`;
  const service = await startTestService({ env: { SOLANA_RPC_URL: deadUrl } });
  try {
    const evm = service.runtime.local!.evm!;
    const payTo = service.runtime.rails.evm!.payTo as `0x${string}`;
    const { buyer, client } = await fundedBuyer(service, "1");
    const response = await wrapFetchWithPayment(fetch, client)(service.base + ALT_FEES);
    assert.equal(response.status, 502);
    assert.equal(response.headers.get("PAYMENT-RESPONSE"), null);
    await response.body?.cancel();
    assert.equal(await evm.usdcBalance(payTo), 0n);
    assert.equal(await evm.usdcBalance(buyer.evm.address), 1_000_000n);
  } finally {
    await service.close();
  }
});
