/**
 * `withPayment()` against the real payment gateway of a local-mode service:
 * its in-process facilitator, its embedded chains, a real buyer. The work is a
 * function of the test, so failures can be made to happen at each step.
 */
import assert from "node:assert/strict";
import type { Address } from "@solana/kit";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import type { PricedResource } from "../../lib/payments/gateway.ts";
import type { PaymentRail } from "../../lib/payments/rails.ts";
import { UpstreamError } from "../../lib/shared/errors.ts";
import { withPayment } from "../../mcp/payment.ts";
import { PAYMENT_META_KEY, PAYMENT_RESPONSE_META_KEY } from "../../mcp/results.ts";
import { paymentRequiredOf, settlementOf } from "../../lib/buyer/mcp_client.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";

const PRICE_ATOMIC = 3000n;
const resource: PricedResource = {
  url: "http://127.0.0.1/mcp#test_tool",
  description: "A test tool",
  mimeType: "application/json",
  price: "$0.003",
};
const OUTPUT = {
  content: [{ type: "text" as const, text: '{"answer":42}' }],
  structuredContent: { answer: 42 },
};

Deno.test("withPayment() settles only successful work, and never serves output whose settlement failed", async (t) => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const { gateway, rails, local } = service.runtime;
    const rail: PaymentRail = rails.solana;
    const payTo = rail.payTo as Address;
    const { client: payer } = await fundedBuyer(service);
    const required = (): Promise<PaymentRequired> => gateway.paymentRequired(rail, resource);
    const pay = async (): Promise<PaymentPayload> => await payer.createPaymentPayload(await required());
    const call = (payment: unknown) => ({ gateway, rail, resource, meta: { [PAYMENT_META_KEY]: payment } });
    let worked = 0;
    const work = () => {
      worked++;
      return Promise.resolve(OUTPUT);
    };

    await t.step("without a payment it returns the requirement and does not run the work", async () => {
      const result = await withPayment({ gateway, rail, resource, meta: undefined }, work);
      assert.equal(worked, 0);
      assert.equal(result.isError, true);
      const requirement = paymentRequiredOf(result)!;
      assert.equal(requirement.accepts[0]!.amount, String(PRICE_ATOMIC));
      assert.match(requirement.error!, /costs \$0\.003 in USDC on Solana/);
    });

    await t.step("a payment that is not an object is refused as malformed", async () => {
      const result = await withPayment(call("eyJ4NDAyVmVyc2lvbiI6Mn0="), work);
      assert.equal(worked, 0);
      assert.match(paymentRequiredOf(result)!.error!, /^Malformed payment: _meta\["x402\/payment"\]/);
    });

    await t.step(
      "work that throws releases the payment: nothing is charged and it can be used again",
      async () => {
        const payment = await pay();
        const before = local!.solana.usdcBalance(payTo);
        await assert.rejects(
          withPayment(call(payment), () => Promise.reject(new UpstreamError("Solana RPC is unreachable"))),
          UpstreamError,
        );
        const errorResult = await withPayment(
          call(payment),
          () => Promise.resolve({ isError: true, content: [{ type: "text" as const, text: "Not found" }] }),
        );
        assert.equal(settlementOf(errorResult), undefined);
        assert.equal(local!.solana.usdcBalance(payTo), before);
        const result = await withPayment(call(payment), work);
        assert.deepEqual(result.structuredContent, OUTPUT.structuredContent);
        assert.equal(settlementOf(result)?.success, true);
        assert.equal(local!.solana.usdcBalance(payTo) - before, PRICE_ATOMIC);
      },
    );

    await t.step(
      "a settlement that resolves with success false returns the requirement, no output",
      async () => {
        const payment = await pay();
        const before = local!.solana.usdcBalance(payTo);
        // While the work runs, the same signed transfer is settled elsewhere through the facilitator:
        // verification passed, but our settlement then resolves with success: false.
        const result = await withPayment(call(payment), async () => {
          const elsewhere = await local!.facilitator.settle(payment, payment.accepted);
          assert.equal(elsewhere.success, true);
          return OUTPUT;
        });
        assert.equal(result.isError, true);
        assert.equal(result.content.length, 1);
        assert.doesNotMatch(JSON.stringify(result), /"answer"/, "the work's output is not served");
        const requirement = paymentRequiredOf(result)!;
        assert.match(requirement.error!, /^Settlement failed: /);
        const settlement = result._meta?.[PAYMENT_RESPONSE_META_KEY] as { success: boolean };
        assert.equal(settlement.success, false);
        assert.equal(local!.solana.usdcBalance(payTo) - before, PRICE_ATOMIC, "charged once, elsewhere");
      },
    );

    await t.step(
      "a payment named with an id and resent gets the same result and settlement, charged once",
      async () => {
        const required = await gateway.paymentRequired(rail, resource);
        assert.deepEqual((required.extensions?.["payment-identifier"] as { info?: unknown })?.info, {
          required: false,
        });
        const payment = await pay();
        payment.extensions = {
          ...payment.extensions,
          "payment-identifier": { info: { required: false, id: "pay_mcp_resend_0001" } },
        };
        const before = local!.solana.usdcBalance(payTo);
        const ran = worked;
        const first = await withPayment(call(payment), work);
        const again = await withPayment(call(payment), work);
        assert.equal(worked - ran, 1, "the work ran once");
        assert.deepEqual(again, first);
        assert.equal(settlementOf(again)?.success, true);
        assert.equal(local!.solana.usdcBalance(payTo) - before, PRICE_ATOMIC, "charged once");
      },
    );
  } finally {
    await service.close();
  }
});

Deno.test("withPayment() does not settle work that finished after the caller went away", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const { gateway, rails, local } = service.runtime;
    const rail: PaymentRail = rails.solana;
    const payTo = rail.payTo as Address;
    const { client: payer } = await fundedBuyer(service);
    const payment = await payer.createPaymentPayload(await gateway.paymentRequired(rail, resource));
    const controller = new AbortController();
    const before = local!.solana.usdcBalance(payTo);

    const left = await withPayment(
      { gateway, rail, resource, meta: { [PAYMENT_META_KEY]: payment }, signal: controller.signal },
      () => {
        controller.abort();
        return Promise.resolve(OUTPUT);
      },
    );
    assert.equal(left.isError, true);
    assert.equal(settlementOf(left), undefined);
    assert.doesNotMatch(JSON.stringify(left), /"answer"/, "no output without a settlement");
    assert.match(JSON.stringify(left.content), /nothing was charged/);
    assert.equal(local!.solana.usdcBalance(payTo), before);

    const again = await withPayment(
      {
        gateway,
        rail,
        resource,
        meta: { [PAYMENT_META_KEY]: payment },
        signal: new AbortController().signal,
      },
      () => Promise.resolve(OUTPUT),
    );
    assert.equal(settlementOf(again)?.success, true, "the released payment still buys one result");
    assert.equal(local!.solana.usdcBalance(payTo) - before, PRICE_ATOMIC);
  } finally {
    await service.close();
  }
});
