/**
 * The embedded EVM chain dies under a running local-mode service: Anvil is
 * killed with SIGKILL. The service must notice at once, say so in `/healthz`,
 * stop offering `/alt` payments (503 before any 402), refuse a payment signed
 * before the death with a 503 rather than blaming the buyer, and bring up a new
 * chain with the USDC contract installed again — reporting that the old
 * chain's balances are gone — on which payments work again.
 */
import assert from "node:assert/strict";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { SEEDED_FEE_ACCOUNT } from "../../lib/local/solana/local_solana.ts";
import { until } from "../_support/until.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";

const ALT_FEES = `/alt/v1/fees/priority?account=${SEEDED_FEE_ACCOUNT}`;
/**
 * How long the service waits before starting a new Anvil, so the down state can be observed: every
 * step below must finish inside it, and the MCP step's first call alone loads the MCP server, which
 * took 0.2 s on a warm machine and can take several times that on a cold, loaded one.
 */
const RESTART_DELAY_MS = 8_000;

Deno.test("[adversarial] a killed Anvil is reported, refuses /alt payments with 503, and is restarted", async (t) => {
  const service = await startTestService({
    configure: (config) => ({
      ...config,
      localEvm: { ...config.localEvm, supervision: { restartDelayMs: RESTART_DELAY_MS } },
    }),
  });
  try {
    const evm = service.runtime.local!.evm!;
    const payTo = service.runtime.rails.evm!.payTo as `0x${string}`;
    const { buyer, client } = await fundedBuyer(service, "1");
    assert.equal(await evm.usdcBalance(buyer.evm.address), 1_000_000n);
    const offer = await fetch(service.base + ALT_FEES);
    assert.equal(offer.status, 402);
    await offer.body?.cancel();
    const required = decodePaymentRequiredHeader(offer.headers.get("PAYMENT-REQUIRED")!);
    const signedBefore = encodePaymentSignatureHeader(await client.createPaymentPayload(required));

    const { pid } = evm.status();
    assert.ok(pid && pid > 0);
    Deno.kill(pid, "SIGKILL");
    await until(() => evm.status().state !== "up", "the death to be noticed", { timeoutMs: 2_000 });

    await t.step("/healthz reports the chain down and the service degraded", async () => {
      const health = await (await fetch(`${service.base}/healthz`)).json();
      assert.equal(health.status, "degraded");
      assert.equal(health.checks.localEvm.ok, false);
      assert.equal(health.checks.localEvm.critical, true);
      assert.match(health.checks.localEvm.detail, /anvil down .*exited.*restarting/);
      assert.match(health.checks.localEvm.detail, /balances of this one are lost/);
    });

    await t.step("an unpaid /alt request gets 503 with Retry-After, not a 402 offer", async () => {
      const response = await fetch(service.base + ALT_FEES);
      const body = await response.json();
      assert.equal(response.status, 503, JSON.stringify(body));
      assert.match(response.headers.get("Retry-After") ?? "", /^[1-9]\d*$/);
      assert.equal(response.headers.get("PAYMENT-REQUIRED"), null);
      assert.match(body.error, /local EVM chain is down/);
      assert.ok(body.requestId);
    });

    await t.step(
      "a payment signed before the death is refused with 503, not blamed on the buyer",
      async () => {
        const response = await fetch(service.base + ALT_FEES, {
          headers: { "PAYMENT-SIGNATURE": signedBefore },
        });
        const text = await response.text();
        assert.equal(response.status, 503, text);
        assert.doesNotMatch(text, /invalid_exact_evm_signature|Payment invalid/);
        assert.equal(response.headers.get("PAYMENT-RESPONSE"), null);
      },
    );

    await t.step("the MCP /alt endpoint refuses the tool call as unavailable", async () => {
      const response = await fetch(`${service.base}/alt/mcp`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "chain_priority_fees", arguments: { account: [SEEDED_FEE_ACCOUNT] } },
        }),
      });
      const { result } = await response.json();
      assert.equal(result.isError, true);
      assert.match(result.content[0].text, /local EVM chain is down.*\(retry after \d+ s\)/);
    });

    await t.step("the faucet and the chain proxy say the chain is unavailable", async () => {
      const faucet = await fetch(`${service.base}/local/faucet`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ address: buyer.evm.address, usdc: "1" }),
      });
      assert.equal(faucet.status, 503);
      await faucet.body?.cancel();
      const rpc = await evm.handleRpc({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] });
      assert.match(JSON.stringify(rpc), /Local EVM chain unavailable/);
    });

    await until(() => evm.status().state === "up", "the restart", { timeoutMs: 30_000 });

    await t.step("after the restart /healthz is ok and says the old chain's balances are gone", async () => {
      const health = await (await fetch(`${service.base}/healthz`)).json();
      assert.equal(health.checks.localEvm.ok, true);
      assert.notEqual(evm.status().pid, pid);
      assert.match(
        health.checks.localEvm.detail,
        /restarted 1 time\(s\).*balances .* are gone.*installed again/,
      );
      assert.equal(await evm.usdcBalance(buyer.evm.address), 0n, "a new chain starts empty");
    });

    await t.step("on the new chain the USDC contract works and /alt payments settle again", async () => {
      const funded = await fetch(`${service.base}/local/faucet`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ address: buyer.evm.address, usdc: "1" }),
      });
      assert.equal(funded.status, 200, await funded.text());
      const before = await evm.usdcBalance(payTo);
      const response = await wrapFetchWithPayment(fetch, client)(service.base + ALT_FEES);
      const text = await response.text();
      assert.equal(response.status, 200, text);
      assert.ok(response.headers.get("PAYMENT-RESPONSE"));
      assert.ok(await evm.usdcBalance(payTo) > before);
    });
  } finally {
    await service.close();
  }
});
