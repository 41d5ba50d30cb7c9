/**
 * An operation verified by its settlement alone (`verifyInSettlement`, the
 * fee quantiles): on Solana the facilitator is asked once, after the handler,
 * to verify and settle; a payment it refuses there is refused as an invalid
 * payment is before the handler (402, `Payment invalid: …`; over MCP the same
 * requirement result), charged nothing,
 * its answer never delivered and its claim freed. On EVM (`/alt`), whose
 * settlement does not simulate the transfer, the same operation still
 * verifies first. The real service in local mode pays its own facilitator
 * over HTTP through a relay that records each call; money is read back from
 * the chains.
 */
import assert from "node:assert/strict";
import type { Address } from "@solana/kit";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import { fundFromFaucet, payingClient, throwawayBuyer } from "../../lib/buyer/paying_client.ts";
import { SEEDED_FEE_ACCOUNT } from "../../lib/local/solana/local_solana.ts";
import { startRelayedService } from "../_support/relayed_service.ts";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { PaymentPayload } from "@x402/core/types";
import { paymentRequiredOf, settlementOf } from "../../lib/buyer/mcp_client.ts";
import { PAYMENT_META_KEY } from "../../mcp/results.ts";

const FEES = `/v1/fees/priority?account=${SEEDED_FEE_ACCOUNT}`;

/** One `tools/call` on the service's MCP endpoint, with `payment` in `_meta` when given: its result. */
async function mcpCall(
  base: string,
  name: string,
  args: Record<string, unknown>,
  payment?: PaymentPayload,
): Promise<CallToolResult> {
  const params = { name, arguments: args, ...(payment ? { _meta: { [PAYMENT_META_KEY]: payment } } : {}) };
  const response = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params }),
  });
  const answer = await response.json();
  assert.ok(answer.result, JSON.stringify(answer).slice(0, 300));
  return answer.result;
}
const PRICE_ATOMIC = 2000n; // $0.002

Deno.test("[e2e] verified by settlement alone: one facilitator call on Solana, refusals uncharged, EVM verifies first", async (t) => {
  const service = await startRelayedService({ env: { ALT_ROUTES: "on" } });
  try {
    const local = service.runtime.local!;
    const solanaPayTo = service.runtime.rails.solana.payTo as Address;
    const evmPayTo = service.runtime.rails.evm!.payTo as `0x${string}`;
    const buyer = await throwawayBuyer();
    const client = payingClient(buyer, { solanaRpcUrl: `${service.base}/local/solana` });
    const header = async (path: string) => {
      const offer = await fetch(service.base + path);
      await offer.body?.cancel();
      const required = decodePaymentRequiredHeader(offer.headers.get("PAYMENT-REQUIRED")!);
      return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    };
    const paid = (path: string, signature: string) =>
      fetch(service.base + path, { headers: { "PAYMENT-SIGNATURE": signature } });
    const facilitatorCalls = async (call: () => Promise<void>) => {
      service.relay.seen.length = 0;
      await call();
      return service.relay.seen.filter((step) => step === "verify" || step === "settle");
    };

    await t.step(
      "an unfunded payment on Solana: 402 as an invalid payment, nothing moved, no answer",
      async () => {
        const signature = await header(FEES);
        const sellerBefore = local.solana.usdcBalance(solanaPayTo);
        let answer: Response | undefined;
        const calls = await facilitatorCalls(async () => void (answer = await paid(FEES, signature)));
        assert.deepEqual(calls, ["settle"], "verified by the settlement, not before the handler");
        assert.equal(answer!.status, 402);
        assert.equal(
          answer!.headers.get("PAYMENT-RESPONSE"),
          null,
          "refused as a verification is: no settlement",
        );
        const body = await answer!.json();
        assert.match(body.error, /^Payment invalid: /);
        assert.ok(body.requestId && body.howToPay, "the 402 body a verification refusal has");
        assert.equal(body.global, undefined, "the handler's answer is not delivered");
        assert.equal(body.recommended, undefined);
        const required = decodePaymentRequiredHeader(answer!.headers.get("PAYMENT-REQUIRED")!);
        assert.match(required.error ?? "", /^Payment invalid: /);
        assert.equal(local.solana.usdcBalance(buyer.solana.address), 0n);
        assert.equal(local.solana.usdcBalance(solanaPayTo), sellerBefore, "nothing moved on the chain");

        // The claim was freed: the same payment, once its buyer holds the money, buys the answer and is charged once.
        await fundFromFaucet(service.base, buyer, "1");
        const again = await paid(FEES, signature);
        assert.equal(again.status, 200, await again.clone().text());
        assert.equal(decodePaymentResponseHeader(again.headers.get("PAYMENT-RESPONSE")!).success, true);
        assert.ok((await again.json()).global);
        assert.equal(local.solana.usdcBalance(solanaPayTo) - sellerBefore, PRICE_ATOMIC);
        assert.equal(local.solana.usdcBalance(buyer.solana.address), 1_000_000n - PRICE_ATOMIC);
      },
    );

    await t.step(
      "over MCP, an unfunded payment for the same tool: the 402 result of an invalid payment",
      async () => {
        const unfunded = await throwawayBuyer();
        const unfundedClient = payingClient(unfunded, { solanaRpcUrl: `${service.base}/local/solana` });
        const args = { account: [SEEDED_FEE_ACCOUNT] };
        const required = paymentRequiredOf(await mcpCall(service.base, "chain_priority_fees", args));
        assert.ok(required, "an unpaid call is offered a price");
        const payment = await unfundedClient.createPaymentPayload(required);
        const sellerBefore = local.solana.usdcBalance(solanaPayTo);
        let result: CallToolResult | undefined;
        const calls = await facilitatorCalls(async () =>
          void (result = await mcpCall(service.base, "chain_priority_fees", args, payment))
        );
        assert.deepEqual(calls, ["settle"]);
        const refused = paymentRequiredOf(result!);
        assert.match(refused?.error ?? "", /^Payment invalid: /, JSON.stringify(result).slice(0, 300));
        assert.equal(
          settlementOf(result!),
          undefined,
          "no settlement response, as for a refused verification",
        );
        assert.equal(result!.structuredContent?.global, undefined, "the tool's result is not delivered");
        assert.equal(local.solana.usdcBalance(solanaPayTo), sellerBefore);
      },
    );

    await t.step(
      "a valid payment on Solana: one facilitator call, charged once, a replay refused",
      async () => {
        const signature = await header(FEES);
        const sellerBefore = local.solana.usdcBalance(solanaPayTo);
        const buyerBefore = local.solana.usdcBalance(buyer.solana.address);
        let answer: Response | undefined;
        assert.deepEqual(await facilitatorCalls(async () => void (answer = await paid(FEES, signature))), [
          "settle",
        ]);
        assert.equal(answer!.status, 200, await answer!.clone().text());
        const settlement = decodePaymentResponseHeader(answer!.headers.get("PAYMENT-RESPONSE")!);
        assert.equal(settlement.success, true);
        assert.equal(settlement.payer, buyer.solana.address, "the payer, named by the settlement");
        assert.ok((await answer!.json()).global);
        const replay = await paid(FEES, signature);
        assert.equal(replay.status, 402);
        assert.match((await replay.json()).error, /already used/);
        assert.equal(local.solana.usdcBalance(solanaPayTo) - sellerBefore, PRICE_ATOMIC);
        assert.equal(buyerBefore - local.solana.usdcBalance(buyer.solana.address), PRICE_ATOMIC);
      },
    );

    await t.step("the same operation on EVM (/alt) verifies before its handler", async () => {
      const evm = local.evm!;
      const unfunded = await throwawayBuyer();
      const unfundedClient = payingClient(unfunded, { solanaRpcUrl: `${service.base}/local/solana` });
      const offer = await fetch(`${service.base}/alt${FEES}`);
      await offer.body?.cancel();
      const required = decodePaymentRequiredHeader(offer.headers.get("PAYMENT-REQUIRED")!);
      const refusedSignature = encodePaymentSignatureHeader(
        await unfundedClient.createPaymentPayload(required),
      );
      const sellerBefore = await evm.usdcBalance(evmPayTo);
      let refused: Response | undefined;
      const refusedCalls = await facilitatorCalls(async () =>
        void (refused = await paid(`/alt${FEES}`, refusedSignature))
      );
      assert.deepEqual(refusedCalls, ["verify"], "refused at verification: nothing sent for settlement");
      assert.equal(refused!.status, 402);
      assert.match((await refused!.json()).error, /^Payment invalid: /);

      const signature = await header(`/alt${FEES}`);
      let answer: Response | undefined;
      const calls = await facilitatorCalls(async () => void (answer = await paid(`/alt${FEES}`, signature)));
      assert.deepEqual(calls, ["verify", "settle"]);
      assert.equal(answer!.status, 200, await answer!.clone().text());
      await answer!.body?.cancel();
      assert.equal(await evm.usdcBalance(evmPayTo) - sellerBefore, PRICE_ATOMIC);
      assert.equal(await evm.usdcBalance(buyer.evm.address), 1_000_000n - PRICE_ATOMIC);
    });
  } finally {
    await service.close();
  }
});
