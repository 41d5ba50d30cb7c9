/**
 * The payer of a Solana payment read from its transaction, before the
 * facilitator has seen it: from real payments signed by the x402 client on
 * the local chain, and in the settling record of a payment verified by its
 * settlement alone (which the facilitator has not seen when it is written).
 */
import assert from "node:assert/strict";
import { getBase64EncodedWireTransaction } from "@solana/kit";
import type { PaymentPayload } from "@x402/core/types";
import { PaymentGateway, type PricedResource, type SettlementEvent } from "../../../lib/payments/gateway.ts";
import { createLocalSolana } from "../../../lib/local/solana/local_solana.ts";
import { signedMessageBytes } from "../../../lib/payments/rails.ts";
import { transferAuthority } from "../../../lib/payments/svm_payer.ts";
import { MemoryClaimStore } from "../../../lib/payments/memory_claims.ts";
import type { Claim } from "../../../lib/payments/claim_store.ts";
import type { PendingSettlement } from "../../../lib/payments/settlement.ts";
import { fundedBuyer, startTestService } from "../../_support/service.ts";
import { fundedWallet, memo, signedTransaction, usdcTransfer } from "../../_support/solana_transactions.ts";

const resource: PricedResource = {
  url: "http://127.0.0.1/test",
  description: "A test resource",
  mimeType: "application/json",
  price: "$0.002",
};

/** A claim store that remembers what each settling record said. */
class RecordingClaims extends MemoryClaimStore {
  readonly settlingRecords: unknown[] = [];
  override settling<T>(claim: Claim, pending: T, answer: Uint8Array | undefined): Promise<void> {
    this.settlingRecords.push(pending);
    return super.settling(claim, pending, answer);
  }
}

Deno.test("the Solana rail reads who pays from the payment's transaction, and a settle-only record carries it", async (t) => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const { rails, local } = service.runtime;
    const rail = rails.solana;
    const claims = new RecordingClaims();
    const events: SettlementEvent[] = [];
    const gateway = new PaymentGateway({
      facilitator: local!.facilitator,
      rails: [rail],
      claims,
      onSettlement: (event) => events.push(event),
    });

    await t.step("a payment signed by the x402 client: its buyer, the transfer's authority", async () => {
      for (let i = 0; i < 2; i++) {
        const { buyer, client } = await fundedBuyer(service, "1");
        const payment = await client.createPaymentPayload(await gateway.paymentRequired(rail, resource));
        assert.equal(await rail.payer!(payment), buyer.solana.address);
      }
    });

    await t.step("a transaction with no token transfer, or none at all: no payer", async () => {
      const solana = await createLocalSolana({ seedHistory: false });
      const wallet = await fundedWallet(solana, { lamports: 1_000_000_000n, usdc: 1_000_000n });
      const payload = (transaction: string) =>
        ({ x402Version: 2, payload: { transaction } }) as unknown as PaymentPayload;
      const memoOnly = await signedTransaction(solana, wallet, [memo("no transfer")]);
      assert.equal(await rail.payer!(payload(getBase64EncodedWireTransaction(memoOnly))), undefined);
      const transfer = await signedTransaction(solana, wallet, [usdcTransfer(wallet, rail.payTo, 1n)]);
      assert.equal(await rail.payer!(payload(getBase64EncodedWireTransaction(transfer))), wallet.address);
      assert.equal(await rail.payer!(payload("not base64 at all!")), undefined);
      assert.equal(await rail.payer!(payload(btoa("short"))), undefined);
      // Cut anywhere, the message names no payer (or, cut only in its lookup tables, the same one), never throws.
      const message = signedMessageBytes(getBase64EncodedWireTransaction(transfer));
      for (let end = 0; end < message.length; end++) {
        assert.ok(
          [undefined, wallet.address].includes(transferAuthority(message.subarray(0, end))),
          `cut at ${end}`,
        );
      }
      const version1 = message.slice();
      version1[0] = 0x81;
      assert.equal(transferAuthority(version1), undefined);
    });

    await t.step("verified by its settlement alone: the settling record names the payer", async () => {
      const { buyer, client } = await fundedBuyer(service, "1");
      const settleOnly: PricedResource = { ...resource, verifyInSettlement: true };
      const payment = await client.createPaymentPayload(await gateway.paymentRequired(rail, settleOnly));
      const authorization = await gateway.authorize(rail, settleOnly, payment);
      assert.ok(!("answer" in authorization));
      assert.equal(authorization.verified, false, "the facilitator was not asked before settlement");
      assert.equal(authorization.payer, undefined);
      const settlement = await gateway.settle(authorization);
      assert.equal(settlement.success, true);
      const record = claims.settlingRecords.at(-1) as PendingSettlement;
      assert.equal(record.payer, buyer.solana.address, "recorded before the facilitator named it");
      assert.equal(settlement.payer, buyer.solana.address, "the facilitator names the same payer");
      assert.equal(events.at(-1)!.payer, buyer.solana.address);
    });
  } finally {
    await service.close();
  }
});
