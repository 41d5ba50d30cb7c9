import assert from "node:assert/strict";
import { generateKeyPairSigner } from "@solana/kit";
import { x402Client } from "@x402/core/client";
import { x402Facilitator } from "@x402/core/facilitator";
import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { ExactSvmScheme, SOLANA_DEVNET_CAIP2, toFacilitatorSvmSigner } from "@x402/svm";
import { registerExactSvmScheme } from "@x402/svm/exact/facilitator";
import {
  createInProcessRpc,
  createLocalSolana,
  LOCAL_USDC_MINT,
  type LocalSolana,
} from "../../../../lib/local/solana/local_solana.ts";
import { fundedWallet } from "../../../_support/solana_transactions.ts";
import { rpc, serveLoopback } from "../../../_support/local_chain.ts";

const PRICE = 4_000n;

async function paymentSetup(local: LocalSolana) {
  const feePayer = await fundedWallet(local, { lamports: 1_000_000_000n });
  const buyer = await fundedWallet(local, { usdc: 1_000_000n });
  const payTo = (await generateKeyPairSigner()).address;
  await local.fund(payTo, { usdc: 0n });
  const newFacilitator = () => {
    const facilitator = new x402Facilitator();
    registerExactSvmScheme(facilitator, {
      signer: toFacilitatorSvmSigner(feePayer, createInProcessRpc(local)),
      networks: SOLANA_DEVNET_CAIP2,
    });
    return facilitator;
  };
  const facilitator = newFacilitator();
  const kind = facilitator.getSupported().kinds.find((entry) => entry.network === SOLANA_DEVNET_CAIP2);
  assert.ok(kind, "the facilitator supports the local chain's network");
  const requirements: PaymentRequirements = {
    scheme: "exact",
    network: SOLANA_DEVNET_CAIP2,
    asset: LOCAL_USDC_MINT,
    amount: PRICE.toString(),
    payTo,
    maxTimeoutSeconds: 60,
    extra: { ...kind.extra },
  };
  const paymentRequired: PaymentRequired = {
    x402Version: 2,
    resource: {
      url: "http://127.0.0.1/v1/fees/priority",
      description: "Priority fees",
      mimeType: "application/json",
    },
    accepts: [requirements],
  };
  return { feePayer, buyer, payTo, facilitator, newFacilitator, requirements, paymentRequired };
}

Deno.test("an x402 exact payment on the local chain verifies, settles once and moves exactly the price", async () => {
  const local = await createLocalSolana();
  const server = serveLoopback(local);
  try {
    const { feePayer, buyer, payTo, facilitator, newFacilitator, requirements, paymentRequired } =
      await paymentSetup(
        local,
      );
    const client = new x402Client();
    client.register(SOLANA_DEVNET_CAIP2, new ExactSvmScheme(buyer, { rpcUrl: server.url }));
    const payload = await client.createPaymentPayload(paymentRequired);

    const verified = await facilitator.verify(payload, requirements);
    assert.deepEqual(verified, { isValid: true, invalidReason: undefined, payer: buyer.address });
    const feePayerBefore = local.svm.getBalance(feePayer.address) ?? 0n;
    const settled = await facilitator.settle(payload, requirements);
    assert.equal(settled.success, true, JSON.stringify(settled));
    assert.equal(local.usdcBalance(payTo), PRICE);
    assert.equal(local.usdcBalance(buyer.address), 1_000_000n - PRICE);

    const landed = await rpc(local, "getTransaction", [settled.transaction, {
      maxSupportedTransactionVersion: 0,
    }]);
    assert.equal(landed.result.meta.err, null);
    assert.equal(
      landed.result.transaction.message.accountKeys[0],
      feePayer.address,
      "the facilitator paid the fee",
    );
    assert.equal(
      feePayerBefore - (local.svm.getBalance(feePayer.address) ?? 0n),
      BigInt(landed.result.meta.fee),
    );

    const again = await facilitator.settle(payload, requirements);
    assert.equal(again.success, false);
    assert.equal(again.errorReason, "duplicate_settlement");

    // A facilitator without that memory still cannot replay it: the chain refuses the message.
    const forgetful = newFacilitator();
    const reverified = await forgetful.verify(payload, requirements);
    assert.equal(reverified.isValid, false);
    assert.match(reverified.invalidMessage ?? "", /AlreadyProcessed/);
    const fresh = await forgetful.settle(payload, requirements);
    assert.equal(fresh.success, false);
    assert.equal(fresh.errorReason, "invalid_exact_svm_transaction_simulation_failed");
    assert.equal(local.usdcBalance(payTo), PRICE, "paid exactly once");
  } finally {
    await server.close();
  }
});

Deno.test("an x402 payment from a buyer without enough USDC fails verification and moves nothing", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const server = serveLoopback(local);
  try {
    const { payTo, facilitator, requirements, paymentRequired } = await paymentSetup(local);
    const poorBuyer = await fundedWallet(local, { usdc: PRICE - 1n });
    const client = new x402Client();
    client.register(SOLANA_DEVNET_CAIP2, new ExactSvmScheme(poorBuyer, { rpcUrl: server.url }));
    const payload = await client.createPaymentPayload(paymentRequired);
    const verified = await facilitator.verify(payload, requirements);
    assert.equal(verified.isValid, false);
    assert.equal(verified.invalidReason, "invalid_exact_svm_transaction_simulation_failed");
    // kit turns the error's integers into bigints, which the facilitator prints as strings.
    assert.equal(verified.invalidMessage, 'Simulation failed: {"InstructionError":["2",{"Custom":"1"}]}');
    const settled = await facilitator.settle(payload, requirements);
    assert.equal(settled.success, false);
    assert.equal(local.usdcBalance(payTo), 0n);
    assert.equal(local.chain.transactionCount, 0);
  } finally {
    await server.close();
  }
});
